// Left out of the Feed target by an exception of its synchronised folder: this
// file is not compiled, so its import of another vertical is not a violation.
import Profile
