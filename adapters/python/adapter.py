"""Adapter entry point: drives the published Python SDK `a2c-smcp` over the kit's adapter protocol.

Run with the SDK's own interpreter, e.g.
    <venv>/bin/python adapters/python/adapter.py
It reads one JSON message per line on stdin and answers on stdout (see harness/protocol/README.md).
"""
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the repo

# The SDK's logger module adds a StreamHandler(sys.stdout) at import time unless silenced; stdout is
# the protocol channel, so silence it before anything imports a2c_smcp (the harness gives adapters a
# minimal env, so it cannot be set from outside). Warnings are still captured through our own handler.
os.environ["A2C_SMCP_LOG_SILENT"] = "1"

# Keep the real stdout for protocol lines only; anything else that prints (SDK, third-party) lands on stderr.
PROTOCOL_OUT = sys.stdout.buffer
sys.stdout = sys.stderr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from smcp_adapter.protocol import serve  # noqa: E402  (imports the SDK, after the guards above)

if __name__ == "__main__":
    sys.exit(serve(sys.stdin.buffer, PROTOCOL_OUT))
