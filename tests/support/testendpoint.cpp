#include "testendpoint.h"

#include <QCryptographicHash>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>

#include <sys/socket.h>

#include <cstring>

#include <nlohmann/json.hpp>

namespace assay::test {

namespace {
int tokens(const QString &text) { return int(text.split(QLatin1Char(' '), Qt::SkipEmptyParts).size()); }

const char *reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 429: return "Too Many Requests";
    default: return "Internal Server Error";
    }
}
} // namespace

TestEndpoint::TestEndpoint(QObject *parent) : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *s = m_server.nextPendingConnection())
            serve(s);
    });
}

bool TestEndpoint::start(quint16 port) { return m_server.listen(QHostAddress::LocalHost, port); }

void TestEndpoint::addFixture(const QString &needle, const QString &content)
{
    QMutexLocker lock(&m_mutex);
    m_fixtures.insert(needle, content);
}

void TestEndpoint::addAgentScript(const QString &needle, const QList<AgentTurn> &turns)
{
    QMutexLocker lock(&m_mutex);
    m_agents.append({needle, turns});
    // The catch-all script is tried last.
    std::stable_sort(m_agents.begin(), m_agents.end(), [](const auto &a, const auto &b) { return !a.first.isEmpty() && b.first.isEmpty(); });
}

bool TestEndpoint::loadAgentScripts(const QByteArray &json, QString *error)
{
    const auto doc = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (!doc.is_object()) {
        *error = QStringLiteral("agent scripts: not a JSON object");
        return false;
    }
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (!it.value().is_array()) {
            *error = QStringLiteral("agent script '%1': not an array of turns").arg(QString::fromStdString(it.key()));
            return false;
        }
        QList<AgentTurn> turns;
        for (const auto &t : it.value()) {
            AgentTurn turn;
            turn.turn = t.value("turn", 0);
            turn.content = QString::fromStdString(t.value("content", std::string()));
            turn.tool = QString::fromStdString(t.value("tool", std::string()));
            turn.arguments = QString::fromStdString(t.value("arguments", nlohmann::json::object()).dump());
            turn.when = QString::fromStdString(t.value("when", std::string()));
            turns << turn;
        }
        addAgentScript(QString::fromStdString(it.key()), turns);
    }
    return true;
}

bool TestEndpoint::agentReply(const nlohmann::json &request, nlohmann::json *message) const
{
    const auto messages = request.value("messages", nlohmann::json::array());
    QString first, tail;
    int assistantTurns = 0;
    for (const auto &m : messages) {
        const std::string role = m.value("role", std::string());
        const QString content = m.contains("content") && m["content"].is_string() ? QString::fromStdString(m["content"].get<std::string>()) : QString();
        if (role == "assistant") {
            ++assistantTurns;
            tail.clear();
            continue;
        }
        if (role == "user" && first.isEmpty())
            first = content;
        tail += content + QLatin1Char('\n');
    }
    QMutexLocker lock(&m_mutex);
    for (const auto &[needle, turns] : m_agents) {
        if (!first.contains(needle))
            continue;
        for (const AgentTurn &t : turns) {
            if (t.turn != assistantTurns || (!t.when.isEmpty() && !tail.contains(t.when)))
                continue;
            if (t.tool.isEmpty()) {
                *message = {{"role", "assistant"}, {"content", t.content.toStdString()}};
            } else {
                const nlohmann::json call = {{"id", QStringLiteral("call_%1").arg(assistantTurns).toStdString()},
                                             {"type", "function"},
                                             {"function", {{"name", t.tool.toStdString()}, {"arguments", t.arguments.toStdString()}}}};
                *message = {{"role", "assistant"}, {"content", nullptr}, {"tool_calls", nlohmann::json::array({call})}};
            }
            return true;
        }
        return false; // the script has no such turn: the plain echo answers
    }
    return false;
}

void TestEndpoint::script(const QList<Step> &steps)
{
    QMutexLocker lock(&m_mutex);
    for (const Step &s : steps)
        m_script.enqueue(s);
}

void TestEndpoint::setFaultMix(const FaultMix &mix, quint32 seed)
{
    QMutexLocker lock(&m_mutex);
    m_mix = mix;
    m_mixOn = true;
    m_random.seed(seed);
}

bool TestEndpoint::parseFaultMix(const QString &spec, FaultMix *mix)
{
    for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.section(QLatin1Char('='), 0, 0).trimmed();
        bool ok = false;
        const double percent = part.section(QLatin1Char('='), 1).trimmed().toDouble(&ok);
        if (!ok || percent < 0)
            return false;
        double *field = name == QLatin1String("rate_limited") ? &mix->rateLimited
                        : name == QLatin1String("server")     ? &mix->server
                        : name == QLatin1String("hang")       ? &mix->hang
                        : name == QLatin1String("truncated")  ? &mix->truncated
                        : name == QLatin1String("invalid_json") ? &mix->invalidJson
                        : name == QLatin1String("reset")      ? &mix->reset
                                                              : nullptr;
        if (!field)
            return false;
        *field = percent / 100.0;
    }
    return true;
}

void TestEndpoint::clearScript()
{
    QMutexLocker lock(&m_mutex);
    m_script.clear();
}

QByteArray TestEndpoint::lastAuthorization() const
{
    QMutexLocker lock(&m_mutex);
    return m_lastAuthorization;
}

QByteArray TestEndpoint::lastBody() const
{
    QMutexLocker lock(&m_mutex);
    return m_lastBody;
}

QList<QByteArray> TestEndpoint::bodies() const
{
    QMutexLocker lock(&m_mutex);
    return m_bodies;
}

void TestEndpoint::serve(QTcpSocket *socket)
{
    auto buffer = std::make_shared<QByteArray>();
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
        buffer->append(socket->readAll());
        // Requests on a keep-alive connection arrive one after another.
        while (true) {
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            qsizetype length = 0;
            QByteArray authorization;
            for (const QByteArray &line : lines) {
                const QByteArray lower = line.trimmed().toLower();
                if (lower.startsWith("content-length:"))
                    length = lower.mid(15).trimmed().toLongLong();
                if (lower.startsWith("authorization:"))
                    authorization = line.trimmed().mid(14).trimmed();
            }
            if (buffer->size() < end + 4 + length)
                return;
            const QByteArray body = buffer->mid(end + 4, length);
            buffer->remove(0, end + 4 + length);
            {
                QMutexLocker lock(&m_mutex);
                m_lastAuthorization = authorization;
                m_lastBody = body;
                m_bodies << body;
            }
            respond(socket, first.value(0), first.value(1), body);
        }
    });
}

void TestEndpoint::respond(QTcpSocket *socket, const QByteArray &method, const QByteArray &path, const QByteArray &body)
{
    ++m_requests;
    const int open = ++m_open;
    for (int seen = m_maxConcurrent.load(); open > seen && !m_maxConcurrent.compare_exchange_weak(seen, open);) {
    }
    Step step;
    {
        QMutexLocker lock(&m_mutex);
        if (!m_script.isEmpty()) {
            step = m_script.dequeue();
        } else if (m_hangAlways) {
            step.fault = Fault::Hang;
        } else if (m_mixOn) {
            double u = std::uniform_real_distribution<double>(0.0, 1.0)(m_random);
            const std::pair<double, Fault> draws[] = {{m_mix.rateLimited, Fault::RateLimited}, {m_mix.server, Fault::ServerError},
                                                      {m_mix.hang, Fault::Hang},               {m_mix.truncated, Fault::TruncatedBody},
                                                      {m_mix.invalidJson, Fault::MalformedJson}, {m_mix.reset, Fault::ConnectionReset}};
            for (const auto &[share, fault] : draws) {
                if (u < share) {
                    step.fault = fault;
                    step.value = fault == Fault::RateLimited ? m_mix.retryAfterSeconds : 0;
                    break;
                }
                u -= share;
            }
        }
    }
    QPointer<QTcpSocket> guard(socket);
    auto finish = [this, guard, method, path, body, step] {
        --m_open;
        if (!guard)
            return;
        QTcpSocket *s = guard.data();
        switch (step.fault) {
        case Fault::Hang:
            return; // never answer; the client's timeout must fire
        case Fault::RateLimited:
            return send(s, 429, R"({"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}})",
                        step.value > 0 ? QByteArray("Retry-After: ") + QByteArray::number(step.value) + "\r\n" : QByteArray());
        case Fault::InsufficientQuota:
            return send(s, 429, R"({"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}})");
        case Fault::Unauthorized:
            return send(s, 401, R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}})");
        case Fault::ServerError:
            return send(s, 500, R"({"error":{"message":"The server had an error","type":"server_error"}})");
        case Fault::MalformedJson:
            return send(s, 200, "{\"choices\": [ {\"message\": ");
        case Fault::TruncatedBody:
            return send(s, 200, R"({"choices":[{"message":{"role":"assistant","content":"cut short"}}]})", {}, true);
        case Fault::ConnectionReset: {
            // SO_LINGER 0: closing sends RST instead of FIN, as a crashed proxy would.
            const struct linger hard {1, 0};
            setsockopt(int(s->socketDescriptor()), SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
            s->abort();
            return;
        }
        case Fault::EchoAuthorization:
            return send(s, 401, QByteArray(R"({"error":{"message":"Invalid credentials: )") + lastAuthorization() + R"(","type":"invalid_request_error"}})");
        case Fault::NoChoices:
            return send(s, 200, R"({"id":"chatcmpl-empty","object":"chat.completion","model":"test-model"})");
        case Fault::HugeReply:
            return send(s, 200, QByteArray(R"({"choices":[{"message":{"role":"assistant","content":")") + QByteArray(qsizetype(step.value) * 1024, 'x')
                                    + R"("}}],"usage":{"prompt_tokens":1,"completion_tokens":1}})");
        case Fault::ServiceUnavailable:
            return send(s, 503, "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
        case Fault::Latency:
        case Fault::None:
            break;
        }
        if (method != "POST")
            return send(s, 404, R"({"error":{"message":"Unknown endpoint","type":"invalid_request_error"}})");
        int status = 200;
        const QByteArray out = reply(path, body, &status);
        if (status == 200) {
            QMutexLocker lock(&m_mutex);
            if (m_answered.contains(body))
                ++m_paidTwice;
            else
                m_answered.insert(body);
        }
        send(s, status, out);
    };
    const int delay = step.fault == Fault::Latency ? step.value : m_latency;
    if (delay > 0)
        QTimer::singleShot(delay, this, finish);
    else
        finish();
}

QByteArray TestEndpoint::reply(const QByteArray &path, const QByteArray &body, int *status) const
{
    const auto request = nlohmann::json::parse(body.toStdString(), nullptr, false);
    if (!request.is_object()) {
        *status = 400;
        return R"({"error":{"message":"We could not parse the JSON body of your request.","type":"invalid_request_error"}})";
    }
    const std::string model = request.value("model", std::string("test-model"));
    if (path.endsWith("/chat/completions")) {
        QString last;
        int promptTokens = 0;
        for (const auto &m : request.value("messages", nlohmann::json::array())) {
            // Tool-call turns carry no text content.
            const QString content = m.contains("content") && m["content"].is_string() ? QString::fromStdString(m["content"].get<std::string>()) : QString();
            promptTokens += tokens(content);
            if (m.value("role", std::string()) == "user")
                last = content;
        }
        QString content = QStringLiteral("echo: %1").arg(last);
        {
            QMutexLocker lock(&m_mutex);
            for (auto it = m_fixtures.begin(); it != m_fixtures.end(); ++it)
                if (last.contains(it.key()))
                    content = it.value();
        }
        // A judge whose verdict flips: a prompt holding "flip=P" gets Correct, or Incorrect with
        // probability P, drawn from the prompt and the request's seed (so a repeated request with
        // another seed may differ, and the same request always answers the same).
        static const QRegularExpression flipMarker(QStringLiteral("flip=([0-9.]+)"));
        if (const auto flip = flipMarker.match(last); flip.hasMatch()) {
            const QByteArray digest = QCryptographicHash::hash((last + QLatin1Char('#') + QString::number(request.value("seed", 0))).toUtf8(), QCryptographicHash::Sha256);
            quint64 bits = 0;
            std::memcpy(&bits, digest.constData(), sizeof bits);
            const double u = double(bits >> 11) * 0x1.0p-53;
            content = u < flip.captured(1).toDouble() ? QStringLiteral("Incorrect") : QStringLiteral("Correct");
        }
        nlohmann::json choice{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content.toStdString()}}}, {"finish_reason", "stop"}};
        if (nlohmann::json scripted; agentReply(request, &scripted)) {
            content = scripted.contains("content") && scripted["content"].is_string() ? QString::fromStdString(scripted["content"].get<std::string>())
                                                                                        : QString();
            choice["message"] = scripted;
            choice["finish_reason"] = scripted.contains("tool_calls") ? "tool_calls" : "stop";
        }
        if (request.value("logprobs", false) && m_logprobs) {
            nlohmann::json top = nlohmann::json::array();
            for (const char *letter : {"A", "B", "C", "D"})
                top.push_back({{"token", letter}, {"logprob", letter == content.left(1).toStdString() ? -0.1 : -3.0}});
            choice["logprobs"] = {{"content", nlohmann::json::array({{{"token", content.left(1).toStdString()}, {"logprob", -0.1}, {"top_logprobs", top}}})}};
        }
        const int completion = tokens(content);
        nlohmann::json reply{{"id", "chatcmpl-test"}, {"object", "chat.completion"}, {"created", 0}, {"model", model}, {"choices", nlohmann::json::array({choice})}};
        if (!m_omitUsage)
            reply["usage"] = {{"prompt_tokens", promptTokens}, {"completion_tokens", completion}, {"total_tokens", promptTokens + completion}};
        return QByteArray::fromStdString(reply.dump());
    }
    if (path.endsWith("/completions")) {
        const QString prompt = QString::fromStdString(request.value("prompt", std::string()));
        const QStringList words = prompt.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        nlohmann::json tokenList = nlohmann::json::array(), logprobs = nlohmann::json::array();
        for (int i = 0; i < words.size(); ++i) {
            tokenList.push_back((i ? " " : "") + words[i].toStdString());
            // Deterministic: longer words are less likely; the first token has no logprob.
            if (i == 0)
                logprobs.push_back(nullptr);
            else
                logprobs.push_back(-0.5 * double(words[i].size()));
        }
        nlohmann::json choice{{"index", 0}, {"text", request.value("echo", false) ? prompt.toStdString() : std::string()}, {"finish_reason", "length"},
                              {"logprobs", {{"tokens", tokenList}, {"token_logprobs", logprobs}}}};
        return QByteArray::fromStdString(nlohmann::json{{"id", "cmpl-test"}, {"object", "text_completion"}, {"model", model},
                                                        {"choices", nlohmann::json::array({choice})},
                                                        {"usage", {{"prompt_tokens", words.size()}, {"completion_tokens", 0}, {"total_tokens", words.size()}}}}
                                             .dump());
    }
    if (path.endsWith("/embeddings")) {
        nlohmann::json inputs = request.value("input", nlohmann::json());
        if (!inputs.is_array())
            inputs = nlohmann::json::array({inputs});
        nlohmann::json data = nlohmann::json::array();
        int used = 0;
        for (size_t i = 0; i < inputs.size(); ++i) {
            const QString text = QString::fromStdString(inputs[i].get<std::string>());
            used += tokens(text);
            // Feature hashing of the lower-cased words into 64 signed buckets: texts sharing
            // words point the same way, so dense retrieval ranks meaningfully in tests.
            std::vector<double> v(64, 0.0);
            for (const QString &word : text.toLower().split(QRegularExpression(QStringLiteral("[^\\w]+")), Qt::SkipEmptyParts)) {
                const QByteArray h = QCryptographicHash::hash(word.toUtf8(), QCryptographicHash::Md5);
                v[quint8(h[0]) % 64] += (quint8(h[1]) & 1) ? 1.0 : -1.0;
            }
            nlohmann::json vector = nlohmann::json::array();
            for (double x : v)
                vector.push_back(x);
            data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", vector}});
        }
        return QByteArray::fromStdString(nlohmann::json{{"object", "list"}, {"data", data}, {"model", model},
                                                        {"usage", {{"prompt_tokens", used}, {"total_tokens", used}}}}
                                             .dump());
    }
    if (path.endsWith("/rag")) {
        // An external RAG system: answers in a nested shape so tests exercise JSON pointers.
        const QString query = QString::fromStdString(request.value("query", std::string()));
        nlohmann::json ids = nlohmann::json::array(), passages = nlohmann::json::array();
        for (const auto &c : request.value("contexts", nlohmann::json::array())) {
            ids.push_back("ext-" + c.value("id", std::string()));
            passages.push_back(c.value("text", std::string()));
        }
        return QByteArray::fromStdString(nlohmann::json{{"output", {{"answer", ("RAG: " + query).toStdString()}}}, {"docs", ids}, {"passages", passages}}.dump());
    }
    *status = 404;
    return R"({"error":{"message":"Unknown endpoint","type":"invalid_request_error"}})";
}

void TestEndpoint::send(QTcpSocket *socket, int status, const QByteArray &body, const QByteArray &extraHeaders, bool truncate)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\nContent-Type: application/json\r\n" +
                      extraHeaders + "Content-Length: " + QByteArray::number(body.size() + (truncate ? 200 : 0)) + "\r\n\r\n";
    socket->write(head + body);
    if (truncate) {
        socket->flush();
        socket->disconnectFromHost(); // fewer bytes than Content-Length promised
    }
}

} // namespace assay::test
