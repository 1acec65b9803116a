"""A stand-in for python-for-android's ``android`` module (only its ``permissions`` part is used)."""
