"""This machine's addresses that phones on the same network could reach.

Found without sending anything: a UDP socket "connected" to a private address only asks
the kernel which interface would be used, and the host name's addresses come from the
resolver. Settings offers these and "this computer only" (loopback).
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
AUTO = ""


def lan_addresses() -> list[str]:
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))     # UDP connect sends no packet
                found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    out = []
    for addr in found:
        try:
            ip = ipaddress.ip_address(addr)
        except ValueError:
            continue
        if ip.is_private and not ip.is_loopback and not ip.is_link_local and addr not in out:
            out.append(addr)
    return out


def bind_address(choice: str) -> str:
    """The address to listen on for the Settings choice (AUTO: the first LAN address)."""
    if choice == LOOPBACK:
        return LOOPBACK
    lan = lan_addresses()
    if choice and choice in lan:
        return choice
    return lan[0] if lan else LOOPBACK
