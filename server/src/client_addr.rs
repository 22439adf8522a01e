//! Which address a request comes from, for the per-address limits.
//!
//! The peer of the TCP connection, unless that peer is a proxy the operator named
//! (`--trusted-proxy`): then the client is the right-most address in `X-Forwarded-For` that is
//! not itself a trusted proxy. A client can put anything in that header, so it is read only
//! when a trusted proxy sent it, and only from the right, where that proxy appended what it saw.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

pub fn client_address(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let peer = peer.ip().to_canonical();
    if !trusted.contains(&peer) {
        return peer;
    }
    let mut client = peer;
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .rev()
        .flat_map(|value| value.to_str().unwrap_or("").rsplit(','));
    for hop in hops {
        let Ok(address) = hop.trim().parse::<IpAddr>() else {
            // Unreadable: the last address we could trust is as far as we can see.
            return client;
        };
        client = address.to_canonical();
        if !trusted.contains(&client) {
            return client;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in forwarded {
            map.append("x-forwarded-for", value.parse().expect("header value"));
        }
        map
    }

    const PROXY: [u8; 4] = [10, 0, 0, 1];

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_claims() {
        let peer = SocketAddr::from(([198, 51, 100, 7], 4000));
        let claimed = headers(&["203.0.113.9"]);
        assert_eq!(client_address(peer, &claimed, &[]), peer.ip());
        assert_eq!(
            client_address(peer, &claimed, &[IpAddr::from(PROXY)]),
            peer.ip()
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let peer = SocketAddr::from((PROXY, 4000));
        let trusted = [IpAddr::from(PROXY), IpAddr::from([10, 0, 0, 2])];
        // The client forged the first entry; the proxies appended the rest.
        let forwarded = headers(&["1.2.3.4, 203.0.113.9", "10.0.0.2"]);
        assert_eq!(
            client_address(peer, &forwarded, &trusted),
            IpAddr::from([203, 0, 113, 9])
        );
        assert_eq!(
            client_address(peer, &headers(&[]), &trusted),
            IpAddr::from(PROXY)
        );
        assert_eq!(
            client_address(peer, &headers(&["nonsense"]), &trusted),
            IpAddr::from(PROXY)
        );
    }
}
