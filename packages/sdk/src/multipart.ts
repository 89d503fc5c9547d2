/** A file to upload: the form field it goes in, its bytes and the file name the server sees. */
export interface UploadFile {
  field: string;
  data: Blob;
  filename: string;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  /** Streams the body; onSent(bytes) runs as each chunk is handed to the HTTP stack. */
  stream(onSent: (bytes: number) => void): ReadableStream<Uint8Array>;
}

/** 64 KiB chunks: small enough for smooth progress, large enough not to cost throughput. */
const CHUNK_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/** RFC 7578 / HTML form encoding of names in Content-Disposition. */
function quote(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

function boundary(): string {
  return `----reelbench-${crypto.randomUUID()}`;
}

/**
 * Builds a multipart/form-data body by hand so its exact length is known and the bytes going out
 * can be counted (Node's fetch gives no upload progress for a FormData body).
 */
export function multipartBody(fields: Record<string, string>, file: UploadFile): MultipartBody {
  const mark = boundary();
  const fieldParts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${mark}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHeader =
    `--${mark}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"\r\n` +
    `Content-Type: ${file.data.type || 'application/octet-stream'}\r\n\r\n`;
  const head = encoder.encode(fieldParts + fileHeader);
  const tail = encoder.encode(`\r\n--${mark}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${mark}`,
    length: head.byteLength + file.data.size + tail.byteLength,
    stream: (onSent) => chunkStream(head, file.data, tail, onSent),
  };
}

function chunkStream(
  head: Uint8Array,
  data: Blob,
  tail: Uint8Array,
  onSent: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  let offset = -1;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Uint8Array;
        if (offset < 0) {
          chunk = head;
          offset = 0;
        } else if (offset < data.size) {
          chunk = new Uint8Array(await data.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
          offset += chunk.byteLength;
        } else {
          chunk = tail;
        }
        controller.enqueue(chunk);
        onSent(chunk.byteLength);
        if (chunk === tail) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
