"""The rules engine: replay a recorded hand action by action."""
