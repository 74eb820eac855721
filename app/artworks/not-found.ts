// One text for an artwork that is not there: the artwork page says it, and so does an enquiry about it.
export const ARTWORK_NOT_FOUND = "Artwork not found";
