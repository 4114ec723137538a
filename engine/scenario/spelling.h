// Gives the scenario reader and writer one way to spell an enum's values: a table of (value, name)
// serves both directions, so a name is written exactly as it is read.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace streamstep {

template <class E>
struct Spelling {
    E value;
    std::string_view name;
};

// The name of `value` in `spellings`; `unlisted` for a value the table leaves out.
template <class E, size_t N>
std::string nameIn(const Spelling<E> (&spellings)[N], E value, std::string_view unlisted)
{
    for (const Spelling<E> &s : spellings)
        if (s.value == value)
            return std::string(s.name);
    return std::string(unlisted);
}

// The value `text` names in `spellings` (exactly as spelled); nullopt for any other text.
template <class E, size_t N>
std::optional<E> valueIn(const Spelling<E> (&spellings)[N], std::string_view text)
{
    for (const Spelling<E> &s : spellings)
        if (s.name == text)
            return s.value;
    return std::nullopt;
}

} // namespace streamstep
