import sharp from 'sharp';

/** Real image bytes for the masker tests (sharp/libvips runs in the test process only). */
export async function jpegWithMetadata(): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c02860' } })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: 'Maria Anunciante' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

export async function plainPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 8, height: 6, channels: 3, background: '#22c55e' } })
      .png()
      .toBuffer(),
  );
}

export const fileOf = (bytes: Uint8Array | string, name: string, type = '') =>
  new File([bytes as BlobPart], name, { type });

/** The smallest MP4 head: an 'ftyp' box with the isom brand. */
export const MP4_HEAD = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0,
]);

/** Reads a Blob (jsdom's Blob has no arrayBuffer()). */
export const blobBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
