#pragma once
// A text template split once into literal pieces and placeholder slots, so filling it in is
// a few appends — text queries are built by the million.
#include "generation/placeholder.h"

#include <QStringList>
#include <QVector>

namespace assay {

class TextPattern {
public:
    TextPattern(const QString &text, const QVector<Placeholder> &placeholders);
    QString fill(const QStringList &values) const;

private:
    QStringList m_literals; // literal i comes before slot i; one more literal than slots
    QVector<int> m_slots;   // index into the values
    qsizetype m_literalLength = 0;
};

} // namespace assay
