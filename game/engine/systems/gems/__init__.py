"""The gems rule system (being assembled: see system.py once it lands)."""
