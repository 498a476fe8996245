"""A fake OpenAI-compatible chat server for the LLM agent's tests.

A real HTTP server (http.server in a thread) on 127.0.0.1 at a free port, speaking
POST /v1/chat/completions with the OpenAI response shape (usage included). What it answers
is scriptable:

  good          step prompts: the first candidate with the largest latency;
                region prompts: an order (order_fn applied to the listed instruction ids)
  llvm          the id LLVM would pick
  region        same as good (the prompt tells which kind of answer is wanted)
  fenced        a good answer wrapped in chatter and a ```json fence
  garbage       text that holds no JSON
  non_candidate {"id": 999999}
  slow          waits `slow_s` seconds (longer than the client's timeout), then answers good
  fail          HTTP 500
  auth_fail     HTTP 401 (not worth retrying)
  echo_fail     HTTP 500 whose body echoes the request's Authorization header (a hostile
                server: the agent must not log the key it sees in the error)

`server.behaviour` is the default; `server.script` is a list of behaviours consumed one per
request first. Every request is recorded (`server.requests`) with its headers and body.
"""
from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

CANDIDATE = re.compile(r"^#(\d+) (top|bot) \S+ \S+ \S+ lat=(\d+)", re.M)
INSTRUCTION = re.compile(r"^#(\d+) \S+ \S+ lat=\d+ preds=", re.M)
LLVM_PICK = re.compile(r"^LLVM would pick: #(\d+)", re.M)


@dataclass
class Request:
    path: str
    headers: dict  # names lower-cased
    body: dict


class FakeOpenAI:
    def __init__(self, behaviour: str = "good"):
        self.behaviour = behaviour
        self.script: list[str] = []
        self.requests: list[Request] = []
        self.order_fn = lambda ids: ids  # region answers: listed ids -> order
        self.slow_s = 5.0
        self._stop = threading.Event()  # wakes "slow" handlers so stop() is quick
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle

    def start(self) -> FakeOpenAI:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                fake._handle(self)

            def log_message(self, *args):  # keep test output clean
                pass

        self._stop.clear()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._stop.set()
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = None

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- answering

    def _next_behaviour(self) -> str:
        with self._lock:
            return self.script.pop(0) if self.script else self.behaviour

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        length = int(h.headers.get("Content-Length", 0))
        raw = h.rfile.read(length)
        try:
            body = json.loads(raw)
        except ValueError:
            body = {}
        with self._lock:
            headers = {k.lower(): v for k, v in h.headers.items()}
            self.requests.append(Request(h.path, headers, body))
        if h.path.rstrip("/") != "/v1/chat/completions":
            return self._send(h, 404, {"error": {"message": "not found", "type": "not_found"}})
        behaviour = self._next_behaviour()
        if behaviour == "fail":
            return self._send(h, 500, {"error": {"message": "boom", "type": "server_error"}})
        if behaviour == "auth_fail":
            return self._send(h, 401, {"error": {"message": "invalid key", "type": "auth_error"}})
        if behaviour == "echo_fail":
            echoed = h.headers.get("Authorization", "")
            return self._send(h, 500, {"error": {"message": f"bad header {echoed}",
                                                 "type": "server_error"}})
        if behaviour == "slow":
            if self._stop.wait(self.slow_s):
                return  # shutting down: drop the connection
            behaviour = "good"
        messages = body.get("messages", [])
        self._send(h, 200, self._completion(body, self._content(behaviour, messages)))

    def _content(self, behaviour: str, messages: list) -> str:
        system = next((m["content"] for m in messages if m.get("role") == "system"), "")
        user = next((m["content"] for m in messages if m.get("role") == "user"), "")
        if behaviour == "garbage":
            return "I think the best instruction is the second one, probably."
        if behaviour == "non_candidate":
            return json.dumps({"id": 999999, "reason": "made up"})
        if '"order"' in system:  # a region prompt
            ids = [int(i) for i in INSTRUCTION.findall(user)]
            return json.dumps({"order": list(self.order_fn(ids)), "reason": "fake order"})
        if behaviour == "llvm":
            pick = int(LLVM_PICK.search(user).group(1))
        else:
            cands = [(int(i), int(lat)) for i, _, lat in CANDIDATE.findall(user)]
            top = max(lat for _, lat in cands)
            pick = next(i for i, lat in cands if lat == top)
        answer = json.dumps({"id": pick, "reason": "longest latency first"})
        if behaviour == "fenced":
            return f"<think>weighing {{options}}</think>Sure! Here it is:\n```json\n{answer}\n```"
        return answer

    @staticmethod
    def _completion(body: dict, content: str) -> dict:
        prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
        p, c = max(1, prompt // 4), max(1, len(content) // 4)
        return {
            "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c},
        }

    @staticmethod
    def _send(h: BaseHTTPRequestHandler, status: int, obj: dict) -> None:
        data = json.dumps(obj).encode()
        try:
            h.send_response(status)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)
        except OSError:  # the client gave up (timeout): nothing to do
            pass


@pytest.fixture
def fake_openai():
    server = FakeOpenAI().start()
    try:
        yield server
    finally:
        server.stop()
