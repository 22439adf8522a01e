//! The room server (not built yet).
