"""The deterministic simulation: no UI, no files, no clocks; everything comes from the seed."""
