"""Example `command` runner for hookgate: reads the message on stdin, prints the reply on stdout."""
import sys

message = sys.stdin.read().strip()
first_line = message.splitlines()[0] if message else "(empty message)"
print(f"Received {len(message)} characters. First line: {first_line}")
