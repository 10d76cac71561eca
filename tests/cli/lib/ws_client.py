"""A WebSocket client for the shell tests that talk to `arbiter serve` (docs/api.md): JSON
messages in text frames (a long one fragmented), masked from the client as RFC 6455 asks."""
import base64
import json
import os
import socket
import struct


class Ws:
    def __init__(self, port, path, timeout=5):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, key)).encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.s.recv(4096)
            if not chunk: raise OSError("closed")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ", 2)[1])  # 101 when upgraded; an error has its body next

    def need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk: raise OSError("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next message, as JSON: the payloads of its frames (a long message comes in
        several: a first frame and continuations, the last with FIN set) joined."""
        data = b""
        while True:
            b0, b1 = self.need(2)
            n = b1 & 127
            if n == 126: n = struct.unpack(">H", self.need(2))[0]
            elif n == 127: n = struct.unpack(">Q", self.need(8))[0]
            payload = self.need(n)
            if b0 & 0x0F >= 0x8: continue  # a control frame (ping, pong) between fragments
            data += payload
            if b0 & 0x80: return json.loads(data)

    def send(self, obj):
        data = json.dumps(obj).encode()
        mask = os.urandom(4)
        head = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(data)))
        self.s.sendall(head + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data)))

    def close(self):
        self.s.close()
