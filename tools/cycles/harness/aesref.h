/* aesref.h - small reference AES pieces for the calibration harnesses:
 * S-box computed from its definition (inverse in GF(2^8), then the affine
 * map), T-table words, FIPS-197 key expansion.  Not constant time; used
 * only to set up inputs and check outputs of the measured code. */
#include <stdint.h>
static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    while (b) {
        if (b & 1) p ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return p;
}
static uint8_t ref_sbox[256], ref_inv[256];
static void ref_init(void)
{
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (gmul((uint8_t)x, (uint8_t)y) == 1) { inv = (uint8_t)y; break; }
        uint8_t s = inv, r = inv;
        for (int i = 0; i < 4; i++) { r = (uint8_t)((r << 1) | (r >> 7)); s ^= r; }
        s ^= 0x63;
        ref_sbox[x] = s;
        ref_inv[s] = (uint8_t)x;
    }
}
/* expanded key as bytes, FIPS-197 order; nk = 4, 6 or 8 words */
static void ref_expand(uint8_t *rk, const uint8_t *key, int nk)
{
    int nr = nk + 6, total = 4 * (nr + 1);
    uint8_t rcon = 1;
    for (int i = 0; i < 4 * nk; i++) rk[i] = key[i];
    for (int i = nk; i < total; i++) {
        uint8_t t[4];
        for (int j = 0; j < 4; j++) t[j] = rk[4 * (i - 1) + j];
        if (i % nk == 0) {
            uint8_t u = t[0];
            t[0] = (uint8_t)(ref_sbox[t[1]] ^ rcon); t[1] = ref_sbox[t[2]];
            t[2] = ref_sbox[t[3]]; t[3] = ref_sbox[u];
            rcon = gmul(rcon, 2);
        } else if (nk > 6 && i % nk == 4) {
            for (int j = 0; j < 4; j++) t[j] = ref_sbox[t[j]];
        }
        for (int j = 0; j < 4; j++) rk[4 * i + j] = rk[4 * (i - nk) + j] ^ t[j];
    }
}
/* plain byte-oriented reference encryption (nr = 10, 12, 14) */
__attribute__((unused)) static void ref_encrypt(uint8_t out[16], const uint8_t in[16], const uint8_t *rk, int nr)
{
    uint8_t s[16], t[16];
    for (int i = 0; i < 16; i++) s[i] = in[i] ^ rk[i];
    for (int r = 1; r <= nr; r++) {
        for (int i = 0; i < 16; i++) t[i] = ref_sbox[s[(i + 4 * (i & 3)) & 15]];   /* SubBytes + ShiftRows */
        for (int c = 0; c < 4 && r < nr; c++) {
            uint8_t *a = t + 4 * c, b0 = a[0], b1 = a[1], b2 = a[2], b3 = a[3];
            a[0] = (uint8_t)(gmul(b0, 2) ^ gmul(b1, 3) ^ b2 ^ b3);
            a[1] = (uint8_t)(b0 ^ gmul(b1, 2) ^ gmul(b2, 3) ^ b3);
            a[2] = (uint8_t)(b0 ^ b1 ^ gmul(b2, 2) ^ gmul(b3, 3));
            a[3] = (uint8_t)(gmul(b0, 3) ^ b1 ^ b2 ^ gmul(b3, 2));
        }
        for (int i = 0; i < 16; i++) s[i] = t[i] ^ rk[16 * r + i];
    }
    for (int i = 0; i < 16; i++) out[i] = s[i];
}
