"""The simulated WoW realm: many clients, each a real Lua 5.1 runtime, and a server.

    from pyhost.harness import Realm
    realm = Realm(seed=1)
    skoll = realm.login("Skoll", addons=["path/to/MyAddon"])
    riggs = realm.login("Riggs", addons=["path/to/MyAddon"])
    realm.party(skoll, riggs)
    skoll.type("/roll 8")
    realm.run_until_quiet()
    assert "Skoll rolls" in riggs.chat
"""

from .client import AddonError, ChatFrame, Client, LuaError
from .groups import Group, GroupError
from .network import Adversarial, Latency
from .realm import Location, Realm, RealmBusy

__all__ = [
           "AddonError",
           "Adversarial",
           "ChatFrame",
           "Client",
           "Group",
           "GroupError",
           "Latency",
           "Location",
           "LuaError",
           "Realm",
           "RealmBusy",
]
