"""Tests of one area: shardy."""
