"""Gems rule tests."""
