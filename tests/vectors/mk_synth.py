#!/usr/bin/env python3
"""tests/vectors/mk_synth.py: writes synth_multi_fpdu.pcap, a small synthetic capture (not siw
traffic) with the segment layouts the siw captures lack: several FPDUs in one TCP segment, an FPDU
split over two and over three segments, an FPDU whose tail shares a segment with the next FPDU's
head, and PAD lengths 0..3. CRC is on (Request and Reply C=1, rev 2, IRD/ORD 1/1); the CRCs are
computed here (CRC32c, least significant octet first) and tshark checks them ("Good CRC32") when
gen_expect.sh writes synth_multi_fpdu.expect. The file also covers reader paths the siw captures
do not: big-endian pcap header, nanosecond magic, Linux cooked (SLL, link type 113) framing.

    python3 tests/vectors/mk_synth.py tests/vectors/synth_multi_fpdu.pcap
"""
import struct
import sys


def crc32c(data):
    c = 0xFFFFFFFF
    for x in data:
        c ^= x
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def fpdu(ulpdu):
    n = len(ulpdu)
    body = struct.pack(">H", n) + ulpdu + b"\0" * ((-(2 + n)) & 3)
    return body + struct.pack("<I", crc32c(body))


def send(msn, payload=b""):
    # untagged DDP (T=0 L=1 DV=1), RDMAP Send (RV=1 op 3), QN 0, MSN, MO 0
    return bytes([0x41, 0x43]) + bytes(4) + struct.pack(">III", 0, msn, 0) + payload


def write(stag, to, payload=b""):
    # tagged DDP (T=1 L=1 DV=1), RDMAP Write (op 0)
    return bytes([0xC1, 0x40]) + struct.pack(">IQ", stag, to) + payload


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack(">%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


CLI, SRV = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
CP, SP = 40000, 7174
frames = []


def tcp(frm_cli, seq, ack, flags, data=b""):
    src, dst, sp, dp = (CLI, SRV, CP, SP) if frm_cli else (SRV, CLI, SP, CP)
    th = struct.pack(">HHIIBBHHH", sp, dp, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, 5 << 4, flags,
                     65535, 0, 0)
    ph = src + dst + struct.pack(">BBH", 0, 6, len(th) + len(data))
    th = th[:16] + struct.pack(">H", csum(ph + th + data)) + th[18:]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(th) + len(data), len(frames), 0x4000,
                     64, 6, 0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    # Linux cooked header: packet type (0 to us / 4 outgoing), ARPHRD_LOOPBACK, 6-octet address
    sll = struct.pack(">HHH8sH", 0 if frm_cli else 4, 772, 6, bytes(8), 0x0800)
    frames.append(sll + ip + th + data)


# ISNs near the top of the sequence space so the client's sequence numbers wrap.
cs, ss = 0xFFFFFF00, 0x12345678
tcp(True, cs, 0, 0x02)
tcp(False, ss, cs + 1, 0x12)
cs += 1
ss += 1
tcp(True, cs, ss, 0x10)
pd = bytes([0x00, 0x01, 0x00, 0x01])
req = b"MPA ID Req Frame" + bytes([0x50, 2, 0, 4]) + pd
rep = b"MPA ID Rep Frame" + bytes([0x50, 2, 0, 4]) + pd
tcp(True, cs, ss, 0x18, req)
cs += len(req)
tcp(False, ss, cs, 0x18, rep)
ss += len(rep)

# client -> server: ULPDU lengths 18 (pad 0), 19 (pad 3), 20 (pad 2), 21 (pad 1), 58, 25, 118, 18
c_fpdus = [fpdu(send(1)), fpdu(send(2, b"a")), fpdu(send(3, b"bc")), fpdu(send(4, b"def")),
           fpdu(send(5, b"x" * 40)), fpdu(send(6, b"y" * 7)), fpdu(send(7, b"z" * 100)),
           fpdu(send(8))]
stream = b"".join(c_fpdus)
lens = [len(f) for f in c_fpdus]
S = [sum(lens[:k]) for k in range(len(lens) + 1)]
# Every segment that starts an FPDU carries at least 8 octets of it: tshark 4.0's MPA heuristic
# needs 8 octets at the start of a segment and loses the framing otherwise (see README).
cuts = [0,
        S[3],                                    # three whole FPDUs in one segment
        S[3] + 9,                                # FPDU 3 split over two segments
        S[4] + 9,                                # tail of FPDU 3 + whole 4 + head of 5
        S[5] + 10,                               # tail of 5 + head of 6 (32 octets)
        S[5] + 22,                               # middle of 6: FPDU 6 over three segments
        S[7] + 8,                                # tail of 6 + whole 7 + head of 8
        S[8]]                                    # tail of 8
for a, b in zip(cuts, cuts[1:]):
    tcp(True, cs + a, ss, 0x18, stream[a:b])
cs += len(stream)
tcp(False, ss, cs, 0x10)

# server -> client: a zero-length RDMA Write and a Send in one segment, then a Write in two.
s_fpdus = [fpdu(write(1, 0)), fpdu(send(1, b"hello")), fpdu(write(0x1234, 0x1000, b"w" * 64))]
sstream = b"".join(s_fpdus)
scuts = [0, len(s_fpdus[0]) + len(s_fpdus[1]), len(s_fpdus[0]) + len(s_fpdus[1]) + 10,
         len(sstream)]
for a, b in zip(scuts, scuts[1:]):
    tcp(False, ss + a, cs, 0x18, sstream[a:b])
ss += len(sstream)
tcp(True, cs, ss, 0x11)
tcp(False, ss, cs + 1, 0x11)
tcp(True, cs + 1, ss + 1, 0x10)

with open(sys.argv[1], "wb") as out:
    # big-endian header, nanosecond-resolution magic, snaplen 65535, link type 113 (SLL)
    out.write(struct.pack(">IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, 113))
    for i, f in enumerate(frames):
        out.write(struct.pack(">IIII", 1700000000, i * 1000 + 1, len(f), len(f)) + f)
