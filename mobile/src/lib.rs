//! The Cozcade app (not built yet).
