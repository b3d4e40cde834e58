/**
 * The clear header of a Signal message, read before any key is derived: the version byte (outside
 * the MAC, so the library does not check it) and the sender's ratchet key, counter and previous
 * counter. With them the server refuses forged headers that would make the library derive
 * thousands of chain keys (one HMAC chain step per skipped counter) before the MAC fails, and
 * names replays as replays.
 *
 * Wire format (libsignal): WhisperMessage = version byte ‖ protobuf {1: ephemeralKey, 2: counter,
 * 3: previousCounter, 4: ciphertext} ‖ 8-byte MAC; PreKeyWhisperMessage = version byte ‖
 * protobuf {…, 4: message = a whole WhisperMessage}.
 */

/** Version 3 of the protocol, in both nibbles (current and minimum). */
export const SIGNAL_VERSION_BYTE = 0x33;
const MAC_LENGTH = 8;

export interface WhisperHeader {
  version: number;
  /** The sender's ratchet public key (base64): it names the chain. */
  ratchetKey: string;
  counter: number;
  previousCounter: number;
}

type Fields = Map<number, number | Uint8Array>;

/** Top-level protobuf fields (varint and length-delimited only), or null when malformed. */
function protobufFields(bytes: Uint8Array): Fields | null {
  const fields: Fields = new Map();
  let at = 0;
  const varint = (): number | null => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.length) return null;
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    return null;
  };
  while (at < bytes.length) {
    const key = varint();
    if (key === null) return null;
    const field = Math.floor(key / 8);
    const wireType = key % 8;
    if (wireType === 0) {
      const value = varint();
      if (value === null) return null;
      fields.set(field, value);
    } else if (wireType === 2) {
      const length = varint();
      if (length === null || at + length > bytes.length) return null;
      fields.set(field, bytes.subarray(at, at + length));
      at += length;
    } else {
      return null;
    }
  }
  return fields;
}

function whisperMessageHeader(message: Uint8Array): WhisperHeader | null {
  if (message.length < 1 + MAC_LENGTH) return null;
  const fields = protobufFields(message.subarray(1, message.length - MAC_LENGTH));
  const ratchetKey = fields?.get(1);
  const counter = fields?.get(2);
  if (!(ratchetKey instanceof Uint8Array) || typeof counter !== 'number') return null;
  const previous = fields?.get(3);
  return {
    version: message[0] as number,
    ratchetKey: Buffer.from(ratchetKey).toString('base64'),
    counter,
    previousCounter: typeof previous === 'number' ? previous : 0,
  };
}

/** The header of an envelope body of `type` (3 PreKeyWhisperMessage, 1 WhisperMessage). */
export function whisperHeaderOf(type: number, body: Uint8Array): WhisperHeader | null {
  if (body.length === 0) return null;
  if (type === 1) return whisperMessageHeader(body);
  const fields = protobufFields(body.subarray(1));
  const inner = fields?.get(4);
  if (!(inner instanceof Uint8Array)) return null;
  const header = whisperMessageHeader(inner);
  // Both version bytes must be the expected one: neither is covered by a MAC.
  return header && { ...header, version: body[0] === inner[0] ? header.version : -1 };
}
