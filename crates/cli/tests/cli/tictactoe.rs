//! `resolu tictactoe` end to end.
