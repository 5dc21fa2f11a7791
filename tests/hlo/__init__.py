"""Tests of one area: hlo."""
