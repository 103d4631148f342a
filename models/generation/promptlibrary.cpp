#include "generation/promptlibrary.h"

#include "io/filereader.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace assay {

QString PromptLibrary::userPath(const QString &name)
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath(QStringLiteral("prompts/%1.txt").arg(name));
}

Result<QString> PromptLibrary::load(const QString &name)
{
    const QString user = userPath(name);
    auto bytes = FileReader::readAll(QFile::exists(user) ? user : QStringLiteral(":/prompts/%1.txt").arg(name));
    if (!bytes)
        return Result<QString>::failure(bytes.error());
    return QString::fromUtf8(bytes.value());
}

QString PromptLibrary::fill(QString prompt, const QMap<QString, QString> &values)
{
    for (auto it = values.begin(); it != values.end(); ++it)
        prompt.replace(QLatin1Char('{') + it.key() + QLatin1Char('}'), it.value());
    return prompt;
}

} // namespace assay
