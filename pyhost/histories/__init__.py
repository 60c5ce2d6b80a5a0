"""Example hand histories, replayed with `pyhost replay NAME`."""
