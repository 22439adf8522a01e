//! A stand-in for the phones' native host in the desktop build (feature `stand-in-host`, only
//! for the native end-to-end tests in `e2e/native/`; never shipped).
//!
//! On the phones the host hands every invitation link to [`super::open_link`] from a thread of
//! its own: Android's activity at a cold start (before any component exists) and whenever an
//! intent arrives while the app runs; iOS through the event loop. The desktop build has no host,
//! so this one does the same from outside the process:
//!
//! - each command-line argument is a link handed over at start, before the UI is launched;
//! - each line written to a loopback socket is a link handed over while the app runs, from the
//!   socket's own thread; the answer (`true` or `false`, as `open_link` gave it) goes back as a
//!   line. The socket's address is printed at start as `stand-in host: 127.0.0.1:<port>`.
//!
//! One more line is the tests' own: with `COZCADE_HOLD_COMPUTER` set at start, every search of
//! the computer waits on its thread before it begins until the line `release the computer`
//! comes (answered `true`), so that a test can use the board while the computer surely thinks.

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::{TcpListener, TcpStream},
    sync::{Condvar, Mutex, OnceLock, PoisonError},
};

/// A link longer than this is not one; the rest of the line is dropped.
const MAX_LINE: u64 = 4096;

/// The line that lets the held searches begin.
const RELEASE_THE_COMPUTER: &str = "release the computer";

/// Whether the computer's searches must wait, and the wait itself.
struct Hold {
    held: Mutex<bool>,
    released: Condvar,
}

fn hold() -> &'static Hold {
    static HOLD: OnceLock<Hold> = OnceLock::new();
    HOLD.get_or_init(|| Hold {
        held: Mutex::new(std::env::var_os("COZCADE_HOLD_COMPUTER").is_some()),
        released: Condvar::new(),
    })
}

/// Called on the search's own thread before it begins: returns at once unless the computer is
/// held, else when it is released.
pub fn computer_may_think() {
    let hold = hold();
    // A poisoned lock only means another thread panicked while holding it; the flag is a bool.
    let held = hold.held.lock().unwrap_or_else(PoisonError::into_inner);
    let _released = hold
        .released
        .wait_while(held, |held| *held)
        .unwrap_or_else(PoisonError::into_inner);
}

fn release_the_computer() {
    let hold = hold();
    *hold.held.lock().unwrap_or_else(PoisonError::into_inner) = false;
    hold.released.notify_all();
}

/// Hands the command line's links over, then listens for more on a thread of its own.
pub fn start() {
    hold();
    for link in std::env::args().skip(1) {
        let taken = super::open_link(link.clone());
        println!("stand-in host: {link} at start: {taken}");
    }
    let listener = match TcpListener::bind("127.0.0.1:0") {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("stand-in host: no loopback socket ({e}); links only at start");
            return;
        }
    };
    match listener.local_addr() {
        Ok(address) => println!("stand-in host: {address}"),
        Err(e) => eprintln!("stand-in host: the socket has no address ({e})"),
    }
    let spawned = std::thread::Builder::new()
        .name("stand-in-host".into())
        .spawn(move || {
            for stream in listener.incoming().flatten() {
                if let Err(e) = serve(stream) {
                    eprintln!("stand-in host: {e}");
                }
            }
        });
    if let Err(e) = spawned {
        eprintln!("stand-in host: no thread ({e}); links only at start");
    }
}

/// One connection: a link a line, each answered.
fn serve(stream: TcpStream) -> std::io::Result<()> {
    let mut answers = stream.try_clone()?;
    let mut lines = BufReader::new(stream);
    loop {
        let mut line = String::new();
        if (&mut lines).take(MAX_LINE).read_line(&mut line)? == 0 {
            return Ok(());
        }
        let line = line.trim();
        let taken = if line == RELEASE_THE_COMPUTER {
            release_the_computer();
            true
        } else {
            super::open_link(line.to_owned())
        };
        writeln!(answers, "{taken}")?;
    }
}
