//! Helpers the room server's tests and its load test share, kept out of the server itself so
//! that the server's dependency list is what it runs on.

pub mod scratch_postgres;
