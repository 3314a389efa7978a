/* Scorer: the service worker's LZMA decoder, as WebAssembly (decision 586). lzma.js runs it;
 * `scorer publish` puts lzma.js, with lzma.wasm inside it, at the end of sw.js.
 *
 * The site's large files travel as NAME.lzma (Python's lzma.FORMAT_ALONE, with the decoded
 * size written in its header): this decodes one into its output, in the module's memory, laid
 * out by lzma.js. It follows Igor Pavlov's reference decoder (LzmaSpec.cpp, public domain),
 * with the decoding of one bit (BIT) written out at each place it is used, as lzma.js did in
 * JavaScript before it: the same steps, about twice as fast (decision 586).
 *
 * Built with Debian's clang and lld (tests/test_publish.py rebuilds it and compares):
 *   clang --target=wasm32 -O2 -nostdlib -Wl,--no-entry -Wl,--export=decode \
 *         -Wl,--export=__heap_base -Wl,--strip-all -o lzma.wasm lzma.c
 */
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

enum { DONE = 0, BAD_STREAM = -1, CUT_SHORT = -2 };

/* The probabilities, in one array (offsets in it; a tree of N bits uses 2^N from its offset) */
enum { IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228,
       IS_REP0_LONG = 240, POS_SLOT = 432, SPEC_POS = 688, ALIGN = 803, LEN = 819,
       REP_LEN = 1333, LITERAL = 1847 };

/* The range coder's next input byte, once its range is below 2^24 */
#define NORMALIZE() do { if (range < 16777216u) { \
    if (at >= end) return CUT_SHORT; \
    range <<= 8; code = (code << 8) | input[at++]; } } while (0)

/* One bit with the probability probs[P], into b; the probability learns it */
#define BIT(P) do { u32 at_ = (P); u32 p_ = probs[at_]; u32 bound_ = (range >> 11) * p_; \
    if (code < bound_) { range = bound_; probs[at_] = (u16)(p_ + ((2048 - p_) >> 5)); b = 0; } \
    else { range -= bound_; code -= bound_; probs[at_] = (u16)(p_ - (p_ >> 5)); b = 1; } \
    NORMALIZE(); } while (0)

/* Decode input[0..end) (the header included: lzma.js has checked it) into out[0..size), with
 * probs as room for LITERAL + (0x300 << (lc + lp)) probabilities. DONE, BAD_STREAM or
 * CUT_SHORT. */
int decode(const u8 *input, u32 end, u8 *out, u32 size, u16 *probs) {
  u32 props = input[0];
  const u32 lc = props % 9;
  props /= 9;
  const u32 lp = props % 5;
  const u32 pb = props / 5;
  const u32 count = LITERAL + (0x300u << (lc + lp));
  for (u32 i = 0; i < count; i++) probs[i] = 1024;
  u32 at = 13;
  if (input[at++] != 0) return BAD_STREAM;
  u32 range = 0xffffffffu, code = 0;
  for (int i = 0; i < 4; i++) code = (code << 8) | input[at++];
  if (code == range) return BAD_STREAM;
  const u32 pbMask = (1u << pb) - 1, lpMask = (1u << lp) - 1;
  u32 state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, pos = 0;
  u32 b, m, base, len, bits;
  while (pos < size) {
    const u32 posState = pos & pbMask;
    BIT(IS_MATCH + (state << 4) + posState);
    if (b == 0) {  /* a literal */
      base = LITERAL + 0x300 * (((pos & lpMask) << lc) + ((pos > 0 ? out[pos - 1] : 0) >> (8 - lc)));
      m = 1;
      if (state >= 7) {  /* after a match: the byte at rep0 steers the first bits */
        u32 match = out[pos - rep0 - 1];
        do {
          const u32 matchBit = (match >> 7) & 1;
          match <<= 1;
          BIT(base + ((1 + matchBit) << 8) + m);
          m = (m << 1) | b;
          if (matchBit != b) break;
        } while (m < 0x100);
      }
      while (m < 0x100) {
        BIT(base + m);
        m = (m << 1) | b;
      }
      out[pos++] = (u8)(m - 0x100);
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    BIT(IS_REP + state);
    const int fresh = b == 0;
    if (!fresh) {  /* a repeated distance */
      if (pos == 0) return BAD_STREAM;
      BIT(IS_REP_G0 + state);
      if (b == 0) {
        BIT(IS_REP0_LONG + (state << 4) + posState);
        if (b == 0) {  /* one byte */
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        u32 distance;
        BIT(IS_REP_G1 + state);
        if (b == 0) {
          distance = rep1;
        } else {
          BIT(IS_REP_G2 + state);
          if (b == 0) {
            distance = rep2;
          } else {
            distance = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      base = REP_LEN;
      state = state < 7 ? 8 : 11;
    } else {  /* a new distance */
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      base = LEN;
      state = state < 7 ? 7 : 10;
    }
    /* The length: 3 bits (low or mid, by the position) or 8 bits (high) */
    BIT(base);
    if (b == 0) {
      base += 2 + (posState << 3);
      len = 0;
      bits = 8;
    } else {
      BIT(base + 1);
      if (b == 0) {
        base += 130 + (posState << 3);
        len = 8;
        bits = 8;
      } else {
        base += 258;
        len = 16;
        bits = 256;
      }
    }
    m = 1;
    while (m < bits) {
      BIT(base + m);
      m = (m << 1) | b;
    }
    len += m - bits;
    if (fresh) {
      base = POS_SLOT + ((len < 3 ? len : 3) << 6);
      m = 1;
      while (m < 64) {
        BIT(base + m);
        m = (m << 1) | b;
      }
      const u32 slot = m - 64;
      if (slot < 4) {
        rep0 = slot;
      } else {
        const u32 direct = (slot >> 1) - 1;
        u32 reverse = direct;
        rep0 = (2 | (slot & 1)) << direct;
        if (slot < 14) {
          base = SPEC_POS + rep0 - slot;
        } else {
          u32 value = 0;
          for (u32 n = direct - 4; n > 0; n--) {
            range >>= 1;
            if (code >= range) {
              code -= range;
              value = value * 2 + 1;
            } else {
              value = value * 2;
            }
            NORMALIZE();
          }
          rep0 += value << 4;
          base = ALIGN;
          reverse = 4;
        }
        m = 1;
        for (u32 n = 0; n < reverse; n++) {
          BIT(base + m);
          m = (m << 1) | b;
          rep0 += b << n;
        }
      }
      if (rep0 == 0xffffffffu) break;  /* the end marker */
      if (rep0 >= pos) return BAD_STREAM;
    }
    len += 2;
    if (len > size - pos) len = size - pos;
    /* A copy from rep0 + 1 back, byte by byte: it may overlap what it writes */
    const u8 *from = out + pos - rep0 - 1;
    u8 *to = out + pos;
    for (u32 n = 0; n < len; n++) to[n] = from[n];
    pos += len;
  }
  return pos == size ? DONE : CUT_SHORT;
}
