"""Tests of one area: execution."""
