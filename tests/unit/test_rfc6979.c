/*
 * test_rfc6979.c - RFC 6979 nonces: the appendix A.2.5 (P-256), A.2.6
 * (P-384) and A.2.7 (P-521, whose 521-bit order is not a whole number of
 * bytes) cases with SHA-224/256/384/512 and the messages "sample" and
 * "test", the 163-bit example of appendix A.1, a P-256 case whose first
 * candidate is rejected (C2SP CCTV), hedged nonces (section 3.6) against
 * section 3.2 written out with the HMAC API, and the argument checks.
 *
 * The expected k are facts from the RFC (and, for the rejection case, from
 * C2SP's CCTV "RFC 6979 rejection sampling vector", CC0), typed in as data.
 */
#include <string.h>

#include "hash_test_util.h"

/* ---- curves and keys --------------------------------------------------------- */

struct group {
    const char *name, *q, *x;
};

static const struct group A1 = {
    "A.1 (163-bit q)",
    "04000000000000000000020108A2E0CC0D99F8A5EF",
    "009A4D6792295A7F730FC3F2B49CBC0F62E862272F",
};
static const struct group P256 = {
    "A.2.5 P-256",
    "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
    "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721",
};
static const struct group P384 = {
    "A.2.6 P-384",
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF"
    "581A0DB248B0A77AECEC196ACCC52973",
    "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D8"
    "96D5724E4C70A825F872C9EA60D2EDF5",
};
static const struct group P521 = {
    "A.2.7 P-521",
    "0"
    "1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
    "FFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386"
    "409",
    "00FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75C"
    "AA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B83"
    "538",
};

struct kcase {
    const struct group *g;
    int hash;
    const char *msg;
    const char *k;
};

static const struct kcase cases[] = {
    { &A1, CTC_HASH_SHA256, "sample", "023AF4074C90A02B3FE61D286D5C87F425E6BDD81B" },

    { &P256, CTC_HASH_SHA224, "sample",
      "103F90EE9DC52E5E7FB5132B7033C63066D194321491862059967C715985D473" },
    { &P256, CTC_HASH_SHA256, "sample",
      "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60" },
    { &P256, CTC_HASH_SHA384, "sample",
      "09F634B188CEFD98E7EC88B1AA9852D734D0BC272F7D2A47DECC6EBEB375AAD4" },
    { &P256, CTC_HASH_SHA512, "sample",
      "5FA81C63109BADB88C1F367B47DA606DA28CAD69AA22C4FE6AD7DF73A7173AA5" },
    { &P256, CTC_HASH_SHA224, "test",
      "669F4426F2688B8BE0DB3A6BD1989BDAEFFF84B649EEB84F3DD26080F667FAA7" },
    { &P256, CTC_HASH_SHA256, "test",
      "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0" },
    { &P256, CTC_HASH_SHA384, "test",
      "16AEFFA357260B04B1DD199693960740066C1A8F3E8EDD79070AA914D361B3B8" },
    { &P256, CTC_HASH_SHA512, "test",
      "6915D11632ACA3C40D5D51C08DAF9C555933819548784480E93499000D9F0B7F" },

    { &P384, CTC_HASH_SHA224, "sample",
      "A4E4D2F0E729EB786B31FC20AD5D849E304450E0AE8E3E341134A5C1AFA03CAB"
      "8083EE4E3C45B06A5899EA56C51B5879" },
    { &P384, CTC_HASH_SHA256, "sample",
      "180AE9F9AEC5438A44BC159A1FCB277C7BE54FA20E7CF404B490650A8ACC414E"
      "375572342863C899F9F2EDF9747A9B60" },
    { &P384, CTC_HASH_SHA384, "sample",
      "94ED910D1A099DAD3254E9242AE85ABDE4BA15168EAF0CA87A555FD56D10FBCA"
      "2907E3E83BA95368623B8C4686915CF9" },
    { &P384, CTC_HASH_SHA512, "sample",
      "92FC3C7183A883E24216D1141F1A8976C5B0DD797DFA597E3D7B32198BD35331"
      "A4E966532593A52980D0E3AAA5E10EC3" },
    { &P384, CTC_HASH_SHA224, "test",
      "18FA39DB95AA5F561F30FA3591DC59C0FA3653A80DAFFA0B48D1A4C6DFCBFF6E"
      "3D33BE4DC5EB8886A8ECD093F2935726" },
    { &P384, CTC_HASH_SHA256, "test",
      "0CFAC37587532347DC3389FDC98286BBA8C73807285B184C83E62E26C401C0FA"
      "A48DD070BA79921A3457ABFF2D630AD7" },
    { &P384, CTC_HASH_SHA384, "test",
      "015EE46A5BF88773ED9123A5AB0807962D193719503C527B031B4C2D225092AD"
      "A71F4A459BC0DA98ADB95837DB8312EA" },
    { &P384, CTC_HASH_SHA512, "test",
      "3780C4F67CB15518B6ACAE34C9F83568D2E12E47DEAB6C50A4E4EE5319D1E8CE"
      "0E2CC8A136036DC4B9C00E6888F66B6C" },

    { &P521, CTC_HASH_SHA224, "sample",
      "0121415EC2CD7726330A61F7F3FA5DE14BE9436019C4DB8CB4041F3B54CF31BE0"
      "493EE3F427FB906393D895A19C9523F3A1D54BB8702BD4AA9C99DAB2597B9211"
      "3F3" },
    { &P521, CTC_HASH_SHA256, "sample",
      "00EDF38AFCAAECAB4383358B34D67C9F2216C8382AAEA44A3DAD5FDC9C3257576"
      "1793FEF24EB0FC276DFC4F6E3EC476752F043CF01415387470BCBD8678ED2C7E"
      "1A0" },
    { &P521, CTC_HASH_SHA384, "sample",
      "01546A108BC23A15D6F21872F7DED661FA8431DDBD922D0DCDB77CC878C8553FF"
      "AD064C95A920A750AC9137E527390D2D92F153E66196966EA554D9ADFCB109C4"
      "211" },
    { &P521, CTC_HASH_SHA512, "sample",
      "01DAE2EA071F8110DC26882D4D5EAE0621A3256FC8847FB9022E2B7D28E6F1019"
      "8B1574FDD03A9053C08A1854A168AA5A57470EC97DD5CE090124EF52A2F7ECBF"
      "FD3" },
    { &P521, CTC_HASH_SHA224, "test",
      "0040D09FCF3C8A5F62CF4FB223CBBB2B9937F6B0577C27020A99602C25A011369"
      "87E452988781484EDBBCF1C47E554E7FC901BC3085E5206D9F619CFF07E73D6F"
      "706" },
    { &P521, CTC_HASH_SHA256, "test",
      "001DE74955EFAABC4C4F17F8E84D881D1310B5392D7700275F82F145C61E84384"
      "1AF09035BF7A6210F5A431A6A9E81C9323354A9E69135D44EBD2FCAA7731B909"
      "258" },
    { &P521, CTC_HASH_SHA384, "test",
      "01F1FC4A349A7DA9A9E116BFDD055DC08E78252FF8E23AC276AC88B1770AE0B5D"
      "CEB1ED14A4916B769A523CE1E90BA22846AF11DF8B300C38818F713DADD85DE0"
      "C88" },
    { &P521, CTC_HASH_SHA512, "test",
      "016200813020EC986863BEDFC1B121F605C1215645018AEA1A7B215A564DE9EB1"
      "B38A67AA1128B80CE391C4FB71187654AAA3431027BFC7F395766CA988C964DC"
      "56D" },

    /* C2SP CCTV: the first candidate is >= q and is rejected */
    { &P256, CTC_HASH_SHA256, "wv[vnX",
      "2AE40DF9D9DAB61D688DE3DCB9867A98ECC70DD4D6C0F6C228B6E4E0B18B29BC" },
};

#define NCASES (sizeof cases / sizeof cases[0])

/*
 * The RFC writes numbers in hex without leading zeros and wraps them; the
 * strings above are the same digits with a zero prepended where the digit
 * count is odd (P-521 and A.1: 521 and 163 bits), so that they decode to
 * whole bytes of the length of q.
 */
static void test_vectors(void)
{
    int mode, fam;
    size_t i;

    for (mode = 0; mode < TH_MODES; mode++) {
        for (fam = 0; fam < 2; fam++) {
            int rep = fam ? CTC_HASH_SHA512 : CTC_HASH_SHA256;
            const char *impl = th_mode(mode, rep);

            if (impl == NULL) {
                tr_skip(th_name("RFC 6979 appendix A", fam ? "HMAC-SHA-384/512"
                                : "HMAC-SHA-224/256", "accelerated"),
                        "the CPU has no instructions for it");
                continue;
            }
            tr_group(th_name("RFC 6979 appendix A", fam ? "HMAC-SHA-384/512"
                             : "HMAC-SHA-224/256", impl));
            for (i = 0; i < NCASES; i++) {
                const struct kcase *c = &cases[i];
                uint8_t q[66], x[66], h[64], want[66], k[67];
                size_t ql, xl, kl, hl = ctc_hash_size(c->hash);
                int is512 = c->hash == CTC_HASH_SHA384 || c->hash == CTC_HASH_SHA512;

                if (is512 != fam || !TH_BUILT(c->hash))
                    continue;
                ql = th_unhex(q, sizeof q, c->g->q);
                xl = th_unhex(x, sizeof x, c->g->x);
                kl = th_unhex(want, sizeof want, c->k);
                TR_EQ(xl, ql);
                TR_EQ(kl, ql);
                TR_EQ(ctc_hash(h, sizeof h, c->hash, (const uint8_t *)c->msg,
                               strlen(c->msg)), CTC_OK);
                memset(k, 0xee, sizeof k);
                TR_EQ(ctc_rfc6979_nonce(k, c->hash, q, ql, x, h, hl, NULL, 0), CTC_OK);
                TR_MEM(k, want, ql);
                TR_EQ(k[ql], 0xee);             /* q_len bytes written, no more */
            }
            tr_group_end();
        }
    }
    th_mode_reset();
}

/* ---- section 3.2 (+ 3.6) written out with the HMAC API ------------------------- */

static void mac(uint8_t *out, int id, const uint8_t *K, const uint8_t *a, size_t al,
                const uint8_t *b, size_t bl, const uint8_t *c, size_t cl,
                const uint8_t *d, size_t dl, const uint8_t *e, size_t el)
{
    ctc_hmac_ctx ctx;
    size_t hs = ctc_hash_size(id);

    TR_EQ(ctc_hmac_init(&ctx, id, K, hs), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, a, al), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, b, bl), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, c, cl), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, d, dl), CTC_OK);
    TR_EQ(ctc_hmac_update(&ctx, e, el), CTC_OK);
    TR_EQ(ctc_hmac_final(&ctx, out, hs), CTC_OK);
}

/* value of the n-byte big-endian a compared with b: -1, 0, 1 (not constant
 * time; this is the test's own arithmetic) */
static int cmp_be(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void sub_be(uint8_t *a, const uint8_t *b, size_t n)
{
    int borrow = 0;
    size_t i = n;

    while (i-- > 0) {
        int t = a[i] - b[i] - borrow;
        borrow = t < 0;
        a[i] = (uint8_t)t;
    }
}

/* bits2int of s[0..sl) for qlen bits, as q_len bytes */
static void bits2int(uint8_t *out, const uint8_t *s, size_t sl, size_t ql, unsigned qbits)
{
    size_t i;

    memset(out, 0, ql);
    if (sl * 8 <= qbits) {
        memcpy(out + (ql - sl), s, sl);
        return;
    }
    /* keep the leftmost qbits bits: shift right by sl*8 - qbits bits */
    {
        size_t shift = sl * 8 - qbits, byte_shift = shift / 8;
        unsigned bit_shift = (unsigned)(shift % 8);
        for (i = 0; i < ql; i++) {
            /* output byte i (from the right: ql-1-i) takes bits of s */
            size_t src = sl - 1 - byte_shift - (ql - 1 - i);
            unsigned v = s[src] >> bit_shift;
            if (bit_shift && src > 0)
                v |= (unsigned)s[src - 1] << (8 - bit_shift);
            out[i] = (uint8_t)v;
        }
    }
}

static void nonce_ref(uint8_t *k, int id, const uint8_t *q, size_t ql, const uint8_t *x,
                      const uint8_t *h, size_t hl, const uint8_t *extra, size_t el)
{
    static const uint8_t b0 = 0, b1 = 1;
    uint8_t V[64], K[64], z[66], T[66 + 64];
    size_t hs = ctc_hash_size(id), tl;
    unsigned qbits = (unsigned)(8 * ql);
    uint8_t top = q[0];

    while (!(top & 0x80)) {
        top = (uint8_t)(top << 1);
        qbits--;
    }
    bits2int(z, h, hl, ql, qbits);
    if (cmp_be(z, q, ql) >= 0)
        sub_be(z, q, ql);
    memset(V, 1, hs);
    memset(K, 0, hs);
    mac(K, id, K, V, hs, &b0, 1, x, ql, z, ql, extra, el);
    mac(V, id, K, V, hs, NULL, 0, NULL, 0, NULL, 0, NULL, 0);
    mac(K, id, K, V, hs, &b1, 1, x, ql, z, ql, extra, el);
    mac(V, id, K, V, hs, NULL, 0, NULL, 0, NULL, 0, NULL, 0);
    for (;;) {
        uint8_t zero[66];
        for (tl = 0; tl < ql; tl += hs) {
            mac(V, id, K, V, hs, NULL, 0, NULL, 0, NULL, 0, NULL, 0);
            memcpy(T + tl, V, hs);
        }
        bits2int(k, T, ql, ql, qbits);
        memset(zero, 0, sizeof zero);
        if (cmp_be(k, zero, ql) != 0 && cmp_be(k, q, ql) < 0)
            return;
        mac(K, id, K, V, hs, &b0, 1, NULL, 0, NULL, 0, NULL, 0);
        mac(V, id, K, V, hs, NULL, 0, NULL, 0, NULL, 0, NULL, 0);
    }
}

static void test_hedged(void)
{
    static const struct group *const groups[4] = { &A1, &P256, &P384, &P521 };
    static const int hashes[4] = { CTC_HASH_SHA224, CTC_HASH_SHA256, CTC_HASH_SHA384,
                                   CTC_HASH_SHA512 };
    int r;

    tr_group("hedged and random inputs = section 3.2/3.6 over the HMAC API");
    tr_seed(41);
    for (r = 0; r < TR_ITERS(120); r++) {
        const struct group *g = groups[r & 3];
        int id = hashes[(r >> 2) & 3];
        uint8_t q[66], x[66], h[80], extra[70], k[66], want[66];
        size_t ql = th_unhex(q, sizeof q, g->q), hl = 1 + tr_rand32() % sizeof h;
        size_t el = (r & 16) ? 0 : tr_rand32() % (sizeof extra + 1);

        if (!TH_BUILT(id))
            continue;
        /* a random key in [1, q-1]: random bytes, the top byte masked
         * with q's, the low bit set, retried while >= q */
        do {
            tr_rand_bytes(x, ql);
            x[0] = (uint8_t)(x[0] & q[0]);
            x[ql - 1] |= 1;
        } while (cmp_be(x, q, ql) >= 0);
        tr_rand_bytes(h, sizeof h);
        tr_rand_bytes(extra, sizeof extra);
        nonce_ref(want, id, q, ql, x, h, hl, extra, el);
        TR_EQ(ctc_rfc6979_nonce(k, id, q, ql, x, h, hl, el ? extra : NULL, el), CTC_OK);
        TR_MEM(k, want, ql);
        if (el) {                               /* k' changes k */
            uint8_t k0[66];
            TR_EQ(ctc_rfc6979_nonce(k0, id, q, ql, x, h, hl, NULL, 0), CTC_OK);
            TR_CHECK(memcmp(k0, k, ql) != 0);
        }
    }
    /* h = all ones: bits2int(h) >= q, so the reduction mod q is used */
    {
        uint8_t q[66], x[66], h[64], k[66], want[66];
        size_t ql = th_unhex(q, sizeof q, P256.q);
        th_unhex(x, sizeof x, P256.x);
        memset(h, 0xff, sizeof h);
        nonce_ref(want, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0);
        TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_OK);
        TR_MEM(k, want, ql);
    }
    tr_group_end();
}

static void test_checks(void)
{
    uint8_t q[66], x[66], h[32], k[66];
    size_t ql;

    tr_group("argument checks: q, x, lengths");
    ql = th_unhex(q, sizeof q, P256.q);
    th_unhex(x, sizeof x, P256.x);
    memset(h, 0x11, sizeof h);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_OK);
    /* x must be in [1, q-1] */
    memset(x, 0, ql);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_ERR_KEY);
    memcpy(x, q, ql);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_ERR_KEY);
    memset(x, 0xff, ql);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_ERR_KEY);
    memcpy(x, q, ql);
    x[ql - 1]--;                                /* q - 1 */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_OK);
    memset(x, 0, ql);
    x[ql - 1] = 1;                              /* 1 */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_OK);
    /* q */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, 0, x, h, 32, NULL, 0), CTC_ERR_LENGTH);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, 67, x, h, 32, NULL, 0), CTC_ERR_LENGTH);
    q[0] = 0;
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_ERR_PARAM);
    q[0] = 1;                                   /* q = 1: no valid x */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, 1, x, h, 32, NULL, 0), CTC_ERR_PARAM);
    q[0] = 2;                                   /* q = 2: x = 1, k = 1 */
    x[0] = 1;
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, 1, x, h, 32, NULL, 0), CTC_OK);
    TR_EQ(k[0], 1);
    q[0] = 0xff;
    /* the rest */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 0, NULL, 0), CTC_ERR_LENGTH);
    TR_EQ(ctc_rfc6979_nonce(k, 0, q, ql, x, h, 32, NULL, 0), CTC_ERR_PARAM);
#if !CTC_SHA224
    /* not built: refused as an id that does not exist */
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA224, q, ql, x, h, 28, NULL, 0), CTC_ERR_PARAM);
#endif
    TR_EQ(ctc_rfc6979_nonce(NULL, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, NULL, ql, x, h, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, NULL, h, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, NULL, 32, NULL, 0), CTC_ERR_PARAM);
    TR_EQ(ctc_rfc6979_nonce(k, CTC_HASH_SHA256, q, ql, x, h, 32, NULL, 5), CTC_ERR_PARAM);
    tr_group_end();
}

int main(void)
{
    tr_init("test_rfc6979");
    th_skip_224("RFC 6979 with HMAC-SHA-224 in every group");
    test_vectors();
    test_hedged();
    test_checks();
    return tr_finish();
}
