//! The stand-in's WebSocket gateway: HELLO, IDENTIFY -> READY, heartbeats, dispatches.
//!
//! Plain JSON text frames. One connection at a time is the "current" one that
//! [`super::FakeDiscord::send_dispatch`] writes to; a reconnect replaces it.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::{payloads, Shared};

/// What the test asks the gateway to send.
pub enum Outgoing {
    /// A dispatch event: type and data.
    Dispatch(String, Value),
}

/// Accepts gateway connections until the task is aborted.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(connection(stream, shared.clone()));
    }
}

fn frame(v: &Value) -> Message {
    Message::Text(v.to_string())
}

/// One gateway session.
async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
    *shared.gateway_tx.lock().unwrap() = Some(tx);
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 }, "s": null, "t": null });
    if sink.send(frame(&hello)).await.is_err() {
        return;
    }
    let mut seq: u64 = 0;
    loop {
        tokio::select! {
            incoming = source.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    Message::Close(frame) => {
                        let code = frame.map_or(1005, |f| u16::from(f.code));
                        shared.gateway_log.lock().unwrap().push(json!({ "close": code }));
                        shared.bump();
                        let _ = sink.close().await;
                        break;
                    }
                    _ => continue,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                shared.gateway_log.lock().unwrap().push(v.clone());
                let reply = match v.get("op").and_then(Value::as_u64) {
                    // Heartbeat -> heartbeat ACK.
                    Some(1) => Some(json!({ "op": 11, "d": null, "s": null, "t": null })),
                    // IDENTIFY -> READY.
                    Some(2) => {
                        seq += 1;
                        Some(json!({ "op": 0, "t": "READY", "s": seq, "d": payloads::ready() }))
                    }
                    // RESUME -> invalid session (not resumable): the client identifies again.
                    Some(6) => Some(json!({ "op": 9, "d": false, "s": null, "t": null })),
                    _ => None,
                };
                if let Some(reply) = reply {
                    if sink.send(frame(&reply)).await.is_err() {
                        break;
                    }
                }
                if v.get("op").and_then(Value::as_u64) == Some(2) {
                    shared.ready_count.fetch_add(1, Ordering::SeqCst);
                }
                shared.bump();
            }
            outgoing = rx.recv() => {
                let Some(Outgoing::Dispatch(t, d)) = outgoing else { break };
                seq += 1;
                let v = json!({ "op": 0, "t": t, "s": seq, "d": d });
                if sink.send(frame(&v)).await.is_err() {
                    break;
                }
            }
        }
    }
}
