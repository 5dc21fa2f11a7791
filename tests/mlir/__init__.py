"""Tests of one area: mlir."""
