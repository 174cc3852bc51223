"""The tactics toolkit: what every grid system shares."""
