"""Gu Masters: percentile combat with reactions, flight, Gu and killer moves (issue #14).

The package is filled in by parts; the system instance is exported here once `system.py` exists.
"""
