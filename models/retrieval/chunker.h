#pragma once
// Cuts a document into chunks: the whole document, N sentences, or N tokens with an
// overlap. Chunks are contiguous slices of the text, so every chunk's words stand in the
// document as written.
#include <QStringList>

namespace assay {

class Chunker {
public:
    enum class Mode { Whole, Sentences, Tokens };
    struct Options {
        Mode mode = Mode::Whole;
        int size = 0;    // sentences or tokens per chunk
        int overlap = 0; // tokens shared by consecutive chunks (Tokens mode)
    };

    static QStringList split(const QString &text, const Options &options);
    // "whole", "sentences:3", "tokens:200:50" → options; invalid text gives an error message.
    static bool parse(const QString &spec, Options &options, QString *error);
};

} // namespace assay
