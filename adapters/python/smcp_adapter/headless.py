"""The SDK's InputResolver, made safe to run inside the adapter.

The stock resolver is not headless-safe (resolver.py): `_has_tty` reads sys.stdin.isatty(), a
promptString with a default and no value is prompted for with prompt_toolkit even without a TTY
(it would read the adapter's protocol stdin), a command input runs through a shell, and without
injection it reads os.environ, the OS keyring and the user's value-store file. So:

- `_has_tty` is always False: the SDK's own headless branches decide (missing-input error, pickString
  default / first option), never stdin;
- the prompt and command hooks (BaseInputResolver's abstract hooks) refuse instead of acting; the
  refusal is recorded because ConfigRender swallows unexpected exceptions into a literal;
- the pickString hook is the SDK's own where it has a headless branch (0.4.x: default / first option);
  an older one prompts whatever the TTY says, so it refuses too;
- env is an explicit mapping and both stores are in-memory fakes (the constructor's injection points).

Everything else (lookup order, validation, caching) is the SDK's unchanged code.
"""
from __future__ import annotations

import inspect
from typing import Any

from .reasons import OpError, Unsupported
from .sdk import EnvNameCollisionError, InputResolver


class MemStore:
    """Stands in for ValueStore / SecretStore (only get/set are called): no file, no keyring."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values = dict(values or {})

    def get(self, input_id: str) -> Any:
        return self.values.get(input_id)

    def set(self, input_id: str, value: Any) -> bool:
        self.values[input_id] = value
        return True


def _pick_hook_is_headless() -> bool:
    """Whether the SDK's _aresolve_pick asks _has_tty before prompting (unknown source: assume not)."""
    try:
        return "_has_tty" in inspect.getsource(InputResolver._aresolve_pick)
    except (OSError, TypeError):
        return False


_PICK_HEADLESS = _pick_hook_is_headless()


class HeadlessResolver(InputResolver):
    refusal: str | None = None

    @staticmethod
    def _has_tty(session: Any) -> bool:
        return False

    async def _aresolve_prompt(self, cfg: Any, *, session: Any = None) -> str:
        raise self._refuse(f"the SDK would prompt for input {cfg.id!r}; the adapter never prompts")

    async def _aresolve_pick(self, cfg: Any, *, session: Any = None) -> Any:
        if not _PICK_HEADLESS:
            raise self._refuse(f"this SDK's pickString hook would prompt for input {cfg.id!r}; the adapter never prompts")
        return await super()._aresolve_pick(cfg, session=session)

    async def _aresolve_command(self, cfg: Any) -> Any:
        raise self._refuse(f"input {cfg.id!r} would run a shell command; the adapter never runs one")

    def _refuse(self, why: str) -> Unsupported:
        self.refusal = why
        return Unsupported(why)


class CountingResolver(HeadlessResolver):
    """A HeadlessResolver that counts, by the id asked, every call to aresolve_by_id: the method the SDK's
    Computer calls on its input_resolver for each ${input:<id>} it resolves (computer.py, the render), so
    the count is how often the Computer asked its resolver (wire.computer's count_input_resolutions)."""

    calls: dict[str, int]

    async def aresolve_by_id(self, input_id: str, *args: Any, **kwargs: Any) -> Any:
        self.calls[input_id] = self.calls.get(input_id, 0) + 1
        return await super().aresolve_by_id(input_id, *args, **kwargs)


def headless_resolver(
    pool: list[Any], values: dict[str, Any] | None = None, calls: dict[str, int] | None = None
) -> tuple[HeadlessResolver, MemStore]:
    """A resolver over `pool` with an empty env and in-memory stores; `values` pre-fill the value store;
    with `calls`, a CountingResolver that counts into it. The SDK refuses a pool whose ids collide on one
    env name: that is env_var.collision."""
    store = MemStore(values)
    try:
        if calls is None:
            resolver = HeadlessResolver(pool, env={}, value_store=store, secret_store=MemStore())
        else:
            resolver = CountingResolver(pool, env={}, value_store=store, secret_store=MemStore())
            resolver.calls = calls
    except EnvNameCollisionError as exc:
        raise OpError("env_var.collision", str(exc), type(exc).__name__) from exc
    return resolver, store
