"""Tests of hlo-translate."""
