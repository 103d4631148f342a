#include "readers/httpreader.h"

#include "llm/secretscrubber.h"

#include <QNetworkReply>
#include <QNetworkRequest>

namespace assay {

HttpReader::HttpReader(QUrl url, nlohmann::json requestTemplate, ExternalReply::Pointers pointers, int timeoutMs)
    : m_url(std::move(url)), m_template(std::move(requestTemplate)), m_pointers(std::move(pointers)), m_timeoutMs(timeoutMs)
{
}

void HttpReader::answer(const ReaderRequest &request, Done done)
{
    QNetworkRequest http(m_url);
    http.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    http.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = m_network.post(http, QByteArray::fromStdString(ExternalReply::fill(m_template, request).dump()));
    QObject::connect(reply, &QNetworkReply::finished, reply, [this, reply, done = std::move(done)] {
        reply->deleteLater();
        ReaderAnswer a;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (reply->error() != QNetworkReply::NoError && status == 0) {
            a.error = QStringLiteral("%1: %2").arg(m_url.toString(), reply->errorString());
            a.errorClass = reply->error() == QNetworkReply::OperationCanceledError || reply->error() == QNetworkReply::TimeoutError ? QStringLiteral("timeout")
                                                                                                                                    : QStringLiteral("connection");
        } else if (status < 200 || status >= 300) {
            a.error = QStringLiteral("%1 answered HTTP %2: %3").arg(m_url.toString()).arg(status).arg(QString::fromUtf8(body.left(300)));
            a.errorClass = status == 429 ? QStringLiteral("rate_limited") : status >= 500 ? QStringLiteral("server") : QStringLiteral("client_error");
        } else if (reply->error() != QNetworkReply::NoError) {
            a.error = QStringLiteral("%1: the reply stopped early (%2)").arg(m_url.toString(), reply->errorString());
            a.errorClass = QStringLiteral("truncated");
        } else {
            const auto json = nlohmann::json::parse(body.toStdString(), nullptr, false);
            if (json.is_discarded())
            {
                a.error = QStringLiteral("%1 answered with text that is not JSON: %2").arg(m_url.toString(), QString::fromUtf8(body.left(200)));
                a.errorClass = QStringLiteral("invalid_json");
            } else
                a = ExternalReply::read(json, m_pointers);
        }
        if (!a.error.isEmpty()) {
            a.halted = true;
            a.error = SecretScrubber::scrub(a.error, QString()); // bearer tokens echoed by the system
        }
        done(a);
    });
}

void HttpReader::abort()
{
    for (QNetworkReply *reply : m_network.findChildren<QNetworkReply *>()) {
        reply->disconnect();
        reply->abort();
        reply->deleteLater();
    }
}

} // namespace assay
