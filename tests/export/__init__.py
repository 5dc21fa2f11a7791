"""Tests of one area: export."""
