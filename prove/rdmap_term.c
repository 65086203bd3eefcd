/* Eva driver: RDMAP Terminate decoding (iw_rdmap_term_decode) on any octets of any length up
 * to PROVE_TERM_MAX (the Terminate header, the DDP segment length, either DDP header and the
 * RDMA Read Request header all fit, with room to spare). */
#include "stubs.h"
#include "rdmap.h"

#define PROVE_TERM_MAX 96u

static uint8_t in[PROVE_TERM_MAX];
static volatile int sink;

int main(void)
{
    iw_rdmap_term_info ti;
    size_t len = prove_unknown(in, sizeof in, 0, PROVE_TERM_MAX), i;
    (void)iw_rdmap_term_decode(NULL, 0, &ti);
    if (iw_rdmap_term_decode(in, len, &ti) == IW_OK) {
        for (i = 0; i < ti.ddp_hdr_len; i++) sink = ti.ddp_hdr[i];
        sink = ti.rdma_hdr[0] + ti.term.ecode;
    }
    return 0;
}
