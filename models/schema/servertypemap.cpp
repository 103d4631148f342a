#include "schema/servertypemap.h"

#include <QDate>
#include <QDateTime>
#include <QRegularExpression>
#include <QTime>

namespace assay {

QString ServerTypeMap::assayType(ServerLocation::Dialect dialect, const QString &serverType)
{
    const QString full = serverType.trimmed().toLower();
    if (full.endsWith(QLatin1String("[]")))
        return QStringLiteral("TEXT"); // PostgreSQL arrays read as their text form, {a,b}
    if (dialect == ServerLocation::Dialect::MySql && (full.startsWith(QLatin1String("tinyint(1)")) || full == QLatin1String("bit(1)")))
        return QStringLiteral("BOOLEAN");
    static const QRegularExpression modifiers(QStringLiteral("\\(.*\\)|\\b(unsigned|signed|zerofill)\\b"));
    const QString base = QString(full).remove(modifiers).simplified();
    static const QStringList integers{QStringLiteral("integer"), QStringLiteral("int"), QStringLiteral("smallint"), QStringLiteral("bigint"),
                                      QStringLiteral("tinyint"), QStringLiteral("mediumint"), QStringLiteral("year"), QStringLiteral("serial"),
                                      QStringLiteral("bigserial"), QStringLiteral("smallserial"), QStringLiteral("int2"), QStringLiteral("int4"),
                                      QStringLiteral("int8"), QStringLiteral("bit")};
    static const QStringList reals{QStringLiteral("real"), QStringLiteral("double precision"), QStringLiteral("double"), QStringLiteral("float"),
                                   QStringLiteral("float4"), QStringLiteral("float8")};
    if (integers.contains(base))
        return QStringLiteral("INTEGER");
    if (reals.contains(base))
        return QStringLiteral("REAL");
    if (base == QLatin1String("numeric") || base == QLatin1String("decimal") || base == QLatin1String("money"))
        return QStringLiteral("NUMERIC");
    if (base == QLatin1String("boolean") || base == QLatin1String("bool"))
        return QStringLiteral("BOOLEAN");
    if (base == QLatin1String("date"))
        return QStringLiteral("DATE");
    if (base.startsWith(QLatin1String("timestamp")) || base == QLatin1String("datetime"))
        return QStringLiteral("DATETIME");
    if (base == QLatin1String("bytea") || base.endsWith(QLatin1String("blob")) || base == QLatin1String("binary") ||
        base == QLatin1String("varbinary"))
        return QStringLiteral("BLOB");
    return QStringLiteral("TEXT"); // character types, enum and set, json, uuid, time, interval, ...
}

QVariant ServerTypeMap::value(const QString &assayType, const QVariant &v)
{
    if (v.isNull() || !v.isValid())
        return {};
    const int type = v.metaType().id();
    if (assayType == QLatin1String("INTEGER") || assayType == QLatin1String("BOOLEAN")) {
        if (type == QMetaType::Bool)
            return qlonglong(v.toBool() ? 1 : 0);
        bool ok = false;
        const qlonglong n = v.toLongLong(&ok);
        return ok ? QVariant(n) : QVariant(v.toString());
    }
    if (assayType == QLatin1String("REAL") || assayType == QLatin1String("NUMERIC")) {
        bool ok = false;
        const double d = v.toDouble(&ok);
        return ok ? QVariant(d) : QVariant(v.toString());
    }
    if (assayType == QLatin1String("BLOB"))
        return v.toByteArray();
    switch (type) {
    case QMetaType::QDate:
        return v.toDate().toString(Qt::ISODate);
    case QMetaType::QDateTime: {
        const QDateTime t = v.toDateTime();
        return t.toString(t.time().msec() ? QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz") : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    }
    case QMetaType::QTime:
        return v.toTime().toString(Qt::ISODate);
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return v.toString();
    }
}

} // namespace assay
