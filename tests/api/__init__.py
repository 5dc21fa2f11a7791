"""Tests of one area: api."""
