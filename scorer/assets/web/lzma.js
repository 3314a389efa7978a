/* Scorer: an LZMA decoder, for the service worker (`scorer publish` puts it at the end of
 * sw.js). The site's large files travel as NAME.lzma (Python's lzma.FORMAT_ALONE, with the
 * decoded size written in its header): a quarter fewer bytes than gzip, where no
 * DecompressionStream decodes LZMA, nor Brotli in all three engines (decision 440).
 * It follows Igor Pavlov's reference decoder (LzmaSpec.cpp, public domain), with the decoding
 * of one bit written out at each place it is used, so that the range coder's state stays in
 * local variables (about twice as fast in V8 as a function per bit). The whole output is one
 * array, which is also the dictionary. A file cut short or not LZMA is an Error.
 */
function scorerLzma(input) {
  if (input.length < 18) throw new Error("LZMA: too short");
  let props = input[0];
  if (props >= 225) throw new Error("LZMA: bad properties");
  const lc = props % 9;
  props = (props / 9) | 0;
  const lp = props % 5;
  const pb = (props / 5) | 0;
  let size = 0;
  for (let i = 12; i >= 5; i--) size = size * 256 + input[i];
  if (size > 0x7fffffff) throw new Error("LZMA: no size in the header");
  const out = new Uint8Array(size);
  // The probabilities, in one array (offsets in it; a tree of N bits uses 2^N from its offset)
  const IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228,
    IS_REP0_LONG = 240, POS_SLOT = 432, SPEC_POS = 688, ALIGN = 803, LEN = 819,
    REP_LEN = 1333, LITERAL = 1847;
  const probs = new Uint16Array(LITERAL + (0x300 << (lc + lp))).fill(1024);
  const end = input.length;
  let at = 13;
  if (input[at++] !== 0) throw new Error("LZMA: bad stream");
  let range = 0xffffffff;
  let code = 0;
  for (let i = 0; i < 4; i++) code = (code * 256 + input[at++]) >>> 0;
  if (code === range) throw new Error("LZMA: bad stream");
  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, pos = 0;
  let p = 0, bound = 0, b = 0, m = 0, base = 0, len = 0;
  while (pos < size) {
    if (at > end) throw new Error("LZMA: cut short");
    const posState = pos & pbMask;
    p = probs[IS_MATCH + (state << 4) + posState]; bound = (range >>> 11) * p;
    if (code < bound) { range = bound; probs[IS_MATCH + (state << 4) + posState] = p + ((2048 - p) >>> 5); b = 0; }
    else { range -= bound; code -= bound; probs[IS_MATCH + (state << 4) + posState] = p - (p >>> 5); b = 1; }
    if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
    if (b === 0) {  // a literal
      base = LITERAL + 0x300 * (((pos & lpMask) << lc) + ((pos > 0 ? out[pos - 1] : 0) >>> (8 - lc)));
      m = 1;
      if (state >= 7) {  // after a match: the byte at rep0 steers the first bits
        let match = out[pos - rep0 - 1];
        do {
          const matchBit = (match >>> 7) & 1;
          match <<= 1;
          p = probs[base + ((1 + matchBit) << 8) + m]; bound = (range >>> 11) * p;
          if (code < bound) { range = bound; probs[base + ((1 + matchBit) << 8) + m] = p + ((2048 - p) >>> 5); b = 0; }
          else { range -= bound; code -= bound; probs[base + ((1 + matchBit) << 8) + m] = p - (p >>> 5); b = 1; }
          if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
          m = (m << 1) | b;
          if (matchBit !== b) break;
        } while (m < 0x100);
      }
      while (m < 0x100) {
        p = probs[base + m]; bound = (range >>> 11) * p;
        if (code < bound) { range = bound; probs[base + m] = p + ((2048 - p) >>> 5); b = 0; }
        else { range -= bound; code -= bound; probs[base + m] = p - (p >>> 5); b = 1; }
        if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
        m = (m << 1) | b;
      }
      out[pos++] = m - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    p = probs[IS_REP + state]; bound = (range >>> 11) * p;
    if (code < bound) { range = bound; probs[IS_REP + state] = p + ((2048 - p) >>> 5); b = 0; }
    else { range -= bound; code -= bound; probs[IS_REP + state] = p - (p >>> 5); b = 1; }
    if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
    const fresh = b === 0;
    if (!fresh) {  // a repeated distance
      if (pos === 0) throw new Error("LZMA: bad stream");
      p = probs[IS_REP_G0 + state]; bound = (range >>> 11) * p;
      if (code < bound) { range = bound; probs[IS_REP_G0 + state] = p + ((2048 - p) >>> 5); b = 0; }
      else { range -= bound; code -= bound; probs[IS_REP_G0 + state] = p - (p >>> 5); b = 1; }
      if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
      if (b === 0) {
        p = probs[IS_REP0_LONG + (state << 4) + posState]; bound = (range >>> 11) * p;
        if (code < bound) { range = bound; probs[IS_REP0_LONG + (state << 4) + posState] = p + ((2048 - p) >>> 5); b = 0; }
        else { range -= bound; code -= bound; probs[IS_REP0_LONG + (state << 4) + posState] = p - (p >>> 5); b = 1; }
        if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
        if (b === 0) {  // one byte
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let distance;
        p = probs[IS_REP_G1 + state]; bound = (range >>> 11) * p;
        if (code < bound) { range = bound; probs[IS_REP_G1 + state] = p + ((2048 - p) >>> 5); b = 0; }
        else { range -= bound; code -= bound; probs[IS_REP_G1 + state] = p - (p >>> 5); b = 1; }
        if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
        if (b === 0) {
          distance = rep1;
        } else {
          p = probs[IS_REP_G2 + state]; bound = (range >>> 11) * p;
          if (code < bound) { range = bound; probs[IS_REP_G2 + state] = p + ((2048 - p) >>> 5); b = 0; }
          else { range -= bound; code -= bound; probs[IS_REP_G2 + state] = p - (p >>> 5); b = 1; }
          if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
          if (b === 0) {
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
    } else {  // a new distance
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      base = LEN;
      state = state < 7 ? 7 : 10;
    }
    // The length: 3 bits (low or mid, by the position) or 8 bits (high)
    p = probs[base]; bound = (range >>> 11) * p;
    if (code < bound) { range = bound; probs[base] = p + ((2048 - p) >>> 5); b = 0; }
    else { range -= bound; code -= bound; probs[base] = p - (p >>> 5); b = 1; }
    if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
    if (b === 0) {
      base += 2 + (posState << 3);
      len = 0;
      m = 8;
    } else {
      p = probs[base + 1]; bound = (range >>> 11) * p;
      if (code < bound) { range = bound; probs[base + 1] = p + ((2048 - p) >>> 5); b = 0; }
      else { range -= bound; code -= bound; probs[base + 1] = p - (p >>> 5); b = 1; }
      if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
      if (b === 0) {
        base += 130 + (posState << 3);
        len = 8;
        m = 8;
      } else {
        base += 258;
        len = 16;
        m = 256;
      }
    }
    const bits = m;
    m = 1;
    while (m < bits) {
      p = probs[base + m]; bound = (range >>> 11) * p;
      if (code < bound) { range = bound; probs[base + m] = p + ((2048 - p) >>> 5); b = 0; }
      else { range -= bound; code -= bound; probs[base + m] = p - (p >>> 5); b = 1; }
      if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
      m = (m << 1) | b;
    }
    len += m - bits;
    if (fresh) {
      base = POS_SLOT + ((len < 3 ? len : 3) << 6);
      m = 1;
      while (m < 64) {
        p = probs[base + m]; bound = (range >>> 11) * p;
        if (code < bound) { range = bound; probs[base + m] = p + ((2048 - p) >>> 5); b = 0; }
        else { range -= bound; code -= bound; probs[base + m] = p - (p >>> 5); b = 1; }
        if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
        m = (m << 1) | b;
      }
      const slot = m - 64;
      if (slot < 4) {
        rep0 = slot;
      } else {
        const direct = (slot >>> 1) - 1;
        rep0 = ((2 | (slot & 1)) << direct) >>> 0;
        let reverse = direct;
        if (slot < 14) {
          base = SPEC_POS + rep0 - slot;
        } else {
          let value = 0;
          for (let n = direct - 4; n > 0; n--) {
            range = range >>> 1;
            if (code >= range) {
              code -= range;
              value = value * 2 + 1;
            } else {
              value = value * 2;
            }
            if (range < 16777216) {
              range = (range * 256) >>> 0;
              code = (code * 256 + input[at++]) >>> 0;
            }
          }
          rep0 += value * 16;
          base = ALIGN;
          reverse = 4;
        }
        m = 1;
        for (let n = 0; n < reverse; n++) {
          p = probs[base + m]; bound = (range >>> 11) * p;
          if (code < bound) { range = bound; probs[base + m] = p + ((2048 - p) >>> 5); b = 0; }
          else { range -= bound; code -= bound; probs[base + m] = p - (p >>> 5); b = 1; }
          if (range < 16777216) { range = (range * 256) >>> 0; code = (code * 256 + input[at++]) >>> 0; }
          m = (m << 1) | b;
          rep0 += b * (1 << n);
        }
      }
      if (rep0 === 0xffffffff) break;  // the end marker
      if (rep0 >= pos) throw new Error("LZMA: bad stream");
    }
    len += 2;
    if (len > size - pos) len = size - pos;
    const from = pos - rep0 - 1;
    if (len <= rep0 + 1) {
      out.copyWithin(pos, from, from + len);
      pos += len;
    } else {
      for (const stop = pos + len; pos < stop; pos++) out[pos] = out[pos - rep0 - 1];
    }
  }
  if (pos !== size || at > end) throw new Error("LZMA: cut short");
  return out;
}
