/**
 * The two Signal messages of DESIGN.md §5 as protobuf, for the engine's session
 * (./engineSession.ts): the same bytes the Signal library writes
 * (@privacyresearch/libsignal-protocol-protobuf-ts, `WhisperTextProtocol.js`: every field
 * written, in its order) and the same fields it reads. Runs in the browser and in Node.
 *
 * WhisperMessage {1: ephemeralKey, 2: counter, 3: previousCounter, 4: ciphertext};
 * PreKeyWhisperMessage {5: registrationId, 1: preKeyId, 6: signedPreKeyId, 2: baseKey,
 * 3: identityKey, 4: message}.
 */

/** Version 3 in both nibbles (current and minimum), the first byte of every message. */
export const WHISPER_VERSION = (3 << 4) | 3;

export interface WhisperMessage {
  ephemeralKey: Uint8Array;
  counter: number;
  previousCounter: number;
  ciphertext: Uint8Array;
}

export interface PreKeyWhisperMessage {
  registrationId: number;
  preKeyId: number;
  signedPreKeyId: number;
  baseKey: Uint8Array;
  identityKey: Uint8Array;
  message: Uint8Array;
}

class Writer {
  private readonly bytes: number[] = [];
  varint(value: number): this {
    let v = value >>> 0;
    while (v > 0x7f) {
      this.bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.bytes.push(v);
    return this;
  }
  /** A uint32 field (wire type 0). */
  uint32(field: number, value: number): this {
    return this.varint(field << 3).varint(value);
  }
  /** A bytes field (wire type 2). */
  field(field: number, value: Uint8Array): this {
    this.varint((field << 3) | 2).varint(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Top-level fields (varint and length-delimited); throws on anything else or a truncation. */
function fieldsOf(bytes: Uint8Array): Map<number, number | Uint8Array> {
  const fields = new Map<number, number | Uint8Array>();
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.length) throw new Error('Truncated protobuf message');
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value >>> 0;
    }
    throw new Error('Malformed protobuf varint');
  };
  while (at < bytes.length) {
    const key = varint();
    const field = key >>> 3;
    const wireType = key & 7;
    if (wireType === 0) {
      fields.set(field, varint());
    } else if (wireType === 2) {
      const length = varint();
      if (at + length > bytes.length) throw new Error('Truncated protobuf message');
      fields.set(field, bytes.slice(at, at + length));
      at += length;
    } else {
      throw new Error(`Unexpected protobuf wire type ${wireType}`);
    }
  }
  return fields;
}

const numberField = (fields: Map<number, number | Uint8Array>, field: number): number => {
  const value = fields.get(field);
  return typeof value === 'number' ? value : 0;
};
const bytesField = (fields: Map<number, number | Uint8Array>, field: number): Uint8Array => {
  const value = fields.get(field);
  return value instanceof Uint8Array ? value : new Uint8Array(0);
};

export function encodeWhisperMessage(message: WhisperMessage): Uint8Array {
  return new Writer()
    .field(1, message.ephemeralKey)
    .uint32(2, message.counter)
    .uint32(3, message.previousCounter)
    .field(4, message.ciphertext)
    .finish();
}

export function decodeWhisperMessage(bytes: Uint8Array): WhisperMessage {
  const fields = fieldsOf(bytes);
  return {
    ephemeralKey: bytesField(fields, 1),
    counter: numberField(fields, 2),
    previousCounter: numberField(fields, 3),
    ciphertext: bytesField(fields, 4),
  };
}

export function encodePreKeyWhisperMessage(message: PreKeyWhisperMessage): Uint8Array {
  return new Writer()
    .uint32(5, message.registrationId)
    .uint32(1, message.preKeyId)
    .uint32(6, message.signedPreKeyId)
    .field(2, message.baseKey)
    .field(3, message.identityKey)
    .field(4, message.message)
    .finish();
}
