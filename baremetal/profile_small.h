/* profile_small.h: the footprint profile "small" (docs/porting-baremetal.md, the knob table):
 * every compile-time knob set for a small target. `make size` measures it (SIZE_SMALL_FLAGS
 * = -include this file), tests/test_profile_small.c runs it on the host, and `make baremetal`
 * builds the bare-metal images with it too. Include it before the headers (or -include it). */
#ifndef IW_PROFILE_SMALL_H
#define IW_PROFILE_SMALL_H
/* code left out */
#define IW_CRC32C_SMALL 2          /* 64-octet CRC32c table; a host CRC engine does the work */
#define IW_CFG_CRC32C_EXTRAS 0     /* no iw_crc32c_combine, iw_crc32c_impls */
#define IW_CFG_STRINGS 0           /* *_str return "?" */
#define IW_CFG_STATS 0             /* no counters */
#define IW_CFG_MPA_MARKERS 0       /* markers refused (MPA-028) */
#define IW_CFG_MPA_P2P 0           /* no peer-to-peer RTR; offers declined (MPA-039) */
#define IW_CFG_MPA_TX_COPYOUT 0    /* FPDUs through host_ops.send only */
#define IW_CFG_MPA_RX_STREAM 0     /* a cut FPDU is reassembled, then placed */
#define IW_CFG_MPA_TRACE 0         /* no trace hook */
#define IW_CFG_RDMAP_ATOMICS 0     /* atomics refused: Terminate (0, 2, 0x06) */
#define IW_CFG_VERBS_MW 0          /* no memory windows */
#define IW_CFG_VERBS_FAST_REG 0    /* no Fast-Register WR */
/* sizes */
#define IW_CFG_MPA_MAX_PRIVDATA 16 /* IRD/ORD header + 12 octets of the ULP's */
#define IW_CFG_MPA_MAX_IOV 3
#define IW_CFG_MPA_TX_WINDOW 4
#define IW_CFG_DDP_QN 3            /* queues 0..2: no atomics */
#define IW_CFG_DDP_DST_IOV 2
#define IW_CFG_DDP_RX_SGE 2
#define IW_CFG_DDP_ERR_ULP_HDR 28
#define IW_CFG_RDMAP_CTL_BUF 52
#define IW_CFG_VERBS_SGE 2
#define IW_CFG_VERBS_IOV 2
#define IW_CFG_VERBS_PD 2
#endif
