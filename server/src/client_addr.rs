//! Which address a request comes from, for the per-address limits.
//!
//! The peer of the TCP connection, unless that peer is a proxy the operator named
//! (`--trusted-proxy`): then the client is the right-most address in `X-Forwarded-For` that is
//! not itself a trusted proxy. A client can put anything in that header, so it is read only
//! when a trusted proxy sent it, and only from the right, where that proxy appended what it saw.
//!
//! The per-address limits count [`subscriber`]s, not addresses: an IPv6 client is its /64.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

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

/// What one subscriber can be expected to hold, which every per-address limit counts: an IPv4
/// address, or the /64 of an IPv6 address. An IPv6 home or phone is given at least a /64 and
/// may pick any address in it, so counting whole IPv6 addresses would hand one person 2^64
/// fresh clients. (An IPv4 address mapped into IPv6 was already made plain IPv4.)
pub fn subscriber(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => {
            let network = v6.to_bits() & !u128::from(u64::MAX);
            IpAddr::V6(Ipv6Addr::from_bits(network))
        }
        v4 => v4,
    }
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
    fn an_ipv6_subscriber_is_its_64_and_ipv4_stays_whole() {
        let at = |text: &str| subscriber(text.parse().expect("an address"));
        assert_eq!(
            at("2001:db8:1:2::1"),
            at("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_eq!(at("2001:db8:1:2::1"), at("2001:db8:1:2::"));
        assert_ne!(at("2001:db8:1:2::1"), at("2001:db8:1:3::1"));
        assert_eq!(at("203.0.113.9"), at("::ffff:203.0.113.9"));
        assert_ne!(at("203.0.113.9"), at("203.0.113.10"));
    }

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
