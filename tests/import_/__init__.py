"""Tests of one area: import."""
