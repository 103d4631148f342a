#include "retrieval/grammarcorpusfile.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

// "line L, column C" of byte offset `byte` (nlohmann counts from 1, the character it stopped at).
QString lineAndColumn(const QByteArray &bytes, std::size_t byte)
{
    const qsizetype end = std::min<qsizetype>(qsizetype(byte > 0 ? byte - 1 : 0), bytes.size());
    const QByteArray before = bytes.left(end);
    const qsizetype lastBreak = before.lastIndexOf('\n');
    return QStringLiteral("line %1, column %2").arg(before.count('\n') + 1).arg(end - lastBreak);
}

QString found(const nlohmann::ordered_json &j) { return QString::fromLatin1(j.type_name()); }

} // namespace

QString GrammarCorpusFile::listItemId(const QString &key, int position) { return QStringLiteral("%1#%2").arg(key).arg(position); }

Result<QVector<CorpusDocument>> GrammarCorpusFile::parse(const QByteArray &bytes, const QString &path)
{
    using R = Result<QVector<CorpusDocument>>;
    nlohmann::ordered_json j; // ordered: documents arrive in the file's order
    try {
        j = nlohmann::ordered_json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const nlohmann::json::parse_error &e) {
        return R::failure(QStringLiteral("%1: not valid JSON at %2").arg(path, lineAndColumn(bytes, e.byte)));
    } catch (const nlohmann::json::exception &e) { // e.g. a number too large for any type
        return R::failure(QStringLiteral("%1: not valid JSON: %2").arg(path, QString::fromUtf8(e.what())));
    }
    if (!j.is_object())
        return R::failure(QStringLiteral("%1: expected one JSON object {doc_id: text} or {doc_id: [text, …]}, found %2").arg(path, found(j)));
    QVector<CorpusDocument> docs;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        if (it.value().is_string()) {
            docs << CorpusDocument{key, {}, QString::fromStdString(it.value().get<std::string>()), QStringLiteral("{}"), path};
            continue;
        }
        if (!it.value().is_array())
            return R::failure(QStringLiteral("%1: document '%2': expected a text or a list of texts, found %3").arg(path, key, found(it.value())));
        const int size = int(it.value().size());
        for (int i = 0; i < size; ++i) {
            const auto &text = it.value()[std::size_t(i)];
            if (!text.is_string())
                return R::failure(QStringLiteral("%1: document '%2', item %3 of %4 in its list: expected a text, found %5")
                                      .arg(path, key)
                                      .arg(i + 1)
                                      .arg(size)
                                      .arg(found(text)));
            docs << CorpusDocument{listItemId(key, i + 1), {}, QString::fromStdString(text.get<std::string>()), QStringLiteral("{}"), path};
        }
    }
    if (docs.isEmpty())
        return R::failure(QStringLiteral("%1: no documents: the object is empty or holds only empty lists").arg(path));
    return docs;
}

} // namespace assay
