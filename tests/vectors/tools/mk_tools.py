#!/usr/bin/env python3
"""tests/vectors/tools/mk_tools.py: small synthetic captures for tests/t_iwdump.sh, each holding one
thing iwdump must report (not siw traffic; CRCs computed here, CRC32c least significant octet
first, RFC 5044 §4):

  tool_70conns.pcap       70 MPA connections (CRC on), one Send each way; the client's FPDU of
                          connection 70 has a wrong CRC
  tool_nosyn.pcap         one connection captured after its SYN and MPA frames: FPDUs only
  tool_midstream.pcap     one connection captured from the middle of an FPDU: the tail of a
                          Send, then 2 Sends; 1 Send back (CRC on)
  tool_badreq.pcap        an MPA Request whose key has one octet changed ("MPA ID Req Frame")
  tool_snap.pcap          snap length 60: the Request's segment is cut before its payload
  tool_pad.pcap           an FPDU whose PAD octets are not zero (CRC right over them)
  tool_notmpa.pcap        one TCP connection that is not MPA (no iWARP in the file)
  tool_pad.pcapng         tool_pad.pcap's packets as pcapng (SHB, IDB, Enhanced Packet Blocks)

    python3 tests/vectors/tools/mk_tools.py tests/vectors          # writes the files above
    python3 tests/vectors/tools/mk_tools.py --big N FILE           # N Send FPDUs on one connection
                                                             # (the iwdump timing; not kept)
"""
import os
import struct
import sys


def crc32c(data):
    c = 0xFFFFFFFF
    for x in data:
        c ^= x
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


# A table-driven CRC32c for the big capture (the bitwise one above is too slow for 200k FPDUs).
_T = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ (0x82F63B78 if _c & 1 else 0)
    _T.append(_c)


def crc32c_fast(data):
    c = 0xFFFFFFFF
    for x in data:
        c = _T[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def fpdu(ulpdu, pad=None, badcrc=False, fast=False):
    n = len(ulpdu)
    npad = (-(2 + n)) & 3
    body = struct.pack(">H", n) + ulpdu + (pad if pad is not None else b"\0" * npad)
    c = (crc32c_fast if fast else crc32c)(body)
    if badcrc:
        c ^= 1
    return body + struct.pack("<I", c)


def send(msn, payload=b""):
    # untagged DDP (T=0 L=1 DV=1), RDMAP Send (RV=1 op 3), QN 0, MSN, MO 0
    return bytes([0x41, 0x43]) + bytes(4) + struct.pack(">III", 0, msn, 0) + payload


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack(">%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


class Cap:
    def __init__(self):
        self.frames = []

    def tcp(self, src, dst, sp, dp, seq, ack, flags, data=b""):
        th = struct.pack(">HHIIBBHHH", sp, dp, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, 5 << 4, flags,
                         65535, 0, 0)
        ph = src + dst + struct.pack(">BBH", 0, 6, len(th) + len(data))
        th = th[:16] + struct.pack(">H", csum(ph + th + data)) + th[18:]
        ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(th) + len(data),
                         len(self.frames) & 0xFFFF, 0x4000, 64, 6, 0, src, dst)
        ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
        eth = bytes([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1]) + b"\x08\x00"
        self.frames.append(eth + ip + th + data)

    def write(self, path, snap=65535):
        with open(path, "wb") as out:
            out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, snap, 1))
            for i, f in enumerate(self.frames):
                cap = f[:snap]
                out.write(struct.pack("<IIII", 1700000000 + i // 1000, i % 1000, len(cap), len(f)))
                out.write(cap)

    def write_ng(self, path):
        def block(t, body):
            body += b"\0" * ((-len(body)) & 3)
            n = 12 + len(body)
            return struct.pack("<II", t, n) + body + struct.pack("<I", n)
        with open(path, "wb") as out:
            out.write(block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1)))
            out.write(block(1, struct.pack("<HHI", 1, 0, 65535)))
            for i, f in enumerate(self.frames):
                ts = (1700000000 + i) * 1000000
                out.write(block(6, struct.pack("<IIIII", 0, ts >> 32, ts & 0xFFFFFFFF, len(f),
                                               len(f)) + f))


class Conn:
    """One TCP connection: handshake, then data each way (seq numbers kept)."""

    def __init__(self, cap, n, sport=40000, dport=7174):
        self.cap = cap
        self.a = bytes([10, 0, n >> 8 & 255, n & 255 or 1])
        self.b = bytes([10, 1, 0, 1])
        self.sp, self.dp = sport, dport
        self.cs, self.ss = 1000 + n * 7919, 5000000 + n * 104729

    def syn(self, emit=True):
        if emit:
            self.cap.tcp(self.a, self.b, self.sp, self.dp, self.cs, 0, 0x02)
            self.cap.tcp(self.b, self.a, self.dp, self.sp, self.ss, self.cs + 1, 0x12)
        self.cs += 1
        self.ss += 1
        if emit:
            self.cap.tcp(self.a, self.b, self.sp, self.dp, self.cs, self.ss, 0x10)

    def c2s(self, data, emit=True):
        if emit:
            self.cap.tcp(self.a, self.b, self.sp, self.dp, self.cs, self.ss, 0x18, data)
        self.cs += len(data)

    def s2c(self, data, emit=True):
        if emit:
            self.cap.tcp(self.b, self.a, self.dp, self.sp, self.ss, self.cs, 0x18, data)
        self.ss += len(data)

    def fin(self):
        self.cap.tcp(self.a, self.b, self.sp, self.dp, self.cs, self.ss, 0x11)
        self.cap.tcp(self.b, self.a, self.dp, self.sp, self.ss, self.cs + 1, 0x11)
        self.cap.tcp(self.a, self.b, self.sp, self.dp, self.cs + 1, self.ss + 1, 0x10)


PD = bytes([0x00, 0x01, 0x00, 0x01])            # RFC 6581 IRD/ORD 1/1
REQ = b"MPA ID Req Frame" + bytes([0x50, 2, 0, 4]) + PD   # M=0 C=1 R=0 H=1, rev 2, PD 4
REP = b"MPA ID Rep Frame" + bytes([0x50, 2, 0, 4]) + PD


def mpa_conn(cap, n, req=REQ, emit_start=True, fpdus_c=None, fpdus_s=None):
    k = Conn(cap, n)
    k.syn(emit_start)
    k.c2s(req, emit_start)
    k.s2c(REP, emit_start)
    for f in fpdus_c or [fpdu(send(1, b"ping"))]:
        k.c2s(f)
    for f in fpdus_s or [fpdu(send(1, b"pong"))]:
        k.s2c(f)
    k.fin()


def small(d):
    c = Cap()
    for n in range(1, 71):
        mpa_conn(c, n, fpdus_c=[fpdu(send(1, b"ping"), badcrc=(n == 70))])
    c.write(os.path.join(d, "tool_70conns.pcap"))

    c = Cap()
    mpa_conn(c, 1, emit_start=False, fpdus_c=[fpdu(send(1, b"a")), fpdu(send(2, b"bb"))])
    c.write(os.path.join(d, "tool_nosyn.pcap"))

    c = Cap()
    k = Conn(c, 1)
    k.syn(False)
    k.c2s(REQ, False)
    k.s2c(REP, False)
    f1 = fpdu(send(1, b"x" * 40))
    k.c2s(f1[:20], False)
    k.c2s(f1[20:])
    k.c2s(fpdu(send(2, b"a")) + fpdu(send(3, b"bb")))
    k.s2c(fpdu(send(1, b"pong")))
    k.fin()
    c.write(os.path.join(d, "tool_midstream.pcap"))

    c = Cap()
    mpa_conn(c, 1, req=REQ[:15] + b"X" + REQ[16:])
    c.write(os.path.join(d, "tool_badreq.pcap"))

    c = Cap()
    mpa_conn(c, 1)
    c.write(os.path.join(d, "tool_snap.pcap"), snap=60)

    c = Cap()
    mpa_conn(c, 1, fpdus_c=[fpdu(send(1, b"a"), pad=b"\x00\x5a\x00"), fpdu(send(2, b"x"))])
    c.write(os.path.join(d, "tool_pad.pcap"))
    c.write_ng(os.path.join(d, "tool_pad.pcapng"))

    c = Cap()
    k = Conn(c, 1, dport=22)
    k.syn()
    k.c2s(b"SSH-2.0-OpenSSH_9.2\r\n")
    k.s2c(b"SSH-2.0-OpenSSH_9.2\r\n")
    k.fin()
    c.write(os.path.join(d, "tool_notmpa.pcap"))


def big(n, path):
    """n Send FPDUs client -> server, one per TCP segment, then one answer back."""
    c = Cap()
    k = Conn(c, 1)
    k.syn()
    k.c2s(REQ)
    k.s2c(REP)
    payload = b"p" * 100
    for i in range(n):
        k.c2s(fpdu(send(i + 1, payload), fast=True))
    k.s2c(fpdu(send(1, b"done"), fast=True))
    k.fin()
    c.write(path)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--big":
        big(int(sys.argv[2]), sys.argv[3])
    else:
        small(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
