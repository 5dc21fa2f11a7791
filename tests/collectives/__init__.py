"""Tests of one area: collectives."""
